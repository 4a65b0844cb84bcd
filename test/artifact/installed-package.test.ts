// The package as installed by `npm install <tarball>` (support/installed-package.ts), its `weft` bin
// run against local mock servers: one turn with a shell call, its output sent back, streamed text and
// the rollout, for each way a user reaches a model (built-in provider over WebSocket and HTTP, custom
// Responses provider, Chat and Anthropic wires, through a proxy), the app-server on stdio and on a
// WebSocket, and the viewer. The last test checks that these runs loaded every module the bin keeps
// outside its bundle.
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { appServerCases } from './cases/app-server.js';
import { execCases } from './cases/exec.js';
import { outsideBundleCases } from './cases/outside-bundle.js';
import { proxyCases } from './cases/proxy.js';
import { viewCases } from './cases/view.js';
import { installPackage, type InstalledPackage } from './support/installed-package.js';
import type { Suite } from './support/suite.js';

let installed: InstalledPackage | undefined;
const loadLog = path.join(os.tmpdir(), `weft-artifact-load-${process.pid}.log`);
const suite: Suite = {
  pkg: () => {
    if (installed === undefined) throw new Error('the package is not installed');
    return installed;
  },
  loadLog,
};

beforeAll(async () => {
  await writeFile(loadLog, '');
  installed = await installPackage();
  process.stdout.write(`artifact: npm install <tarball> took ${Math.round(installed.installMs)} ms (${installed.fresh ? 'empty prefix' : 'seeded prefix'})\n`);
}, 20 * 60_000);

afterAll(async () => {
  await installed?.remove();
  await rm(loadLog, { force: true });
});

describe('weft exec, installed', () => execCases(suite));
describe('weft exec through a proxy, installed', () => proxyCases(suite));
describe('weft app-server, installed', () => appServerCases(suite));
describe('weft view, installed', () => viewCases(suite));
describe('modules outside the bundle, installed', () => outsideBundleCases(suite));
