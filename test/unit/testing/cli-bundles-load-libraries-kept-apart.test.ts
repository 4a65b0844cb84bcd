// globby, yaml and ws are bundles of their own (dist/bundle/side/, scripts/build.ts), which a
// command bundle loads on their first dynamic import: each answers that import with the library's
// exports, through the code cache like the command's own bundle, so a run that reads skills
// (globby and yaml) works from the bin as from the sources.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, type MockServer } from '../../../src/testing/mock-responses-server.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'weft.js');
const launch = createRequire(import.meta.url)(path.join(ROOT, 'dist', 'launch.cjs')) as { loadSideBundle(file: string): Record<string, unknown> };

let root: string;
let mock: MockServer;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'weft-side-bundles-'));
  mock = await startMockResponsesServer();
});
afterEach(async () => {
  await mock.close();
  await rm(root, { recursive: true, force: true });
});

describe('a library bundled apart', () => {
  it.each(['globby', 'yaml', 'ws'])('%s: its bundle exports what the library does', async (name) => {
    const side = launch.loadSideBundle(path.join(ROOT, 'dist', 'bundle', 'side', `${name}.cjs`));
    const real = (await import(name)) as Record<string, unknown>;
    const names = (o: Record<string, unknown>) => Object.keys(o).filter((k) => k !== '__esModule').sort();
    expect(names(side)).toEqual(names(real));
    for (const key of names(real)) expect(typeof side[key], key).toBe(typeof real[key]);
  });

  it('serves a run of the bin that reads skills, and keeps its code cache beside the command\'s', async () => {
    const home = path.join(root, 'home');
    await mkdir(path.join(home, 'skills', 'greet'), { recursive: true });
    await writeFile(path.join(home, 'skills', 'greet', 'SKILL.md'), '---\nname: greeter\ndescription: says hello in seven languages\n---\n\nBody.\n');
    await writeFile(path.join(home, 'config.toml'), `model_provider = "mock"\n\n[model_providers.mock]\nname = "Mock"\nbase_url = "${mock.url}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n`);
    const env = { PATH: process.env.PATH, HOME: root, WEFT_HOME: home, MOCK_API_KEY: 'k', XDG_CACHE_HOME: path.join(root, 'cache') };
    // stdin closed at once: a piped stdin is read as more of the prompt.
    const out = await new Promise<string>((resolve, reject) => {
      const child = execFile(process.execPath, [BIN, 'exec', '--json', '--skip-git-repo-check', 'hi'], { env, cwd: root }, (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)));
      child.stdin?.end();
    });
    expect(out).toContain('"turn.completed"');
    expect(JSON.stringify(mock.requests[0]?.body)).toContain('says hello in seven languages');
    expect((await readdir(path.join(root, 'cache', 'weft', 'code-cache'))).sort()).toEqual(['exec', 'side-globby', 'side-yaml']);
  });
});
