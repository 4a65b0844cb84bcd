// Workspaces for app-server tests: CODEX_HOME with a config.toml pointing at a mock provider, a
// HOME and a working directory. `appServerWorkspace`: the codex-0.98 profile with the codex-0.98
// pack of the conformance fixtures (or weft's own pack when the fixtures are absent), for tests
// that pin the app-server of that generation; `appServerWorkspace0169`: weft's default (0.169).
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { conformanceRoot } from '../conformance/scenario.js';
import type { ServerOptions } from '../../src/app-server/server-context.js';
import { tempDir } from './temp-tree.js';

export interface AppServerWorkspace {
  readonly root: string;
  readonly cwd: string;
  readonly codexHome: string;
  readonly options: ServerOptions;
}

const FIXTURE_PACK = join(conformanceRoot(), 'codex-0.98', 'pack');

export async function appServerWorkspace(mockUrl: string, extraConfig = ''): Promise<AppServerWorkspace> {
  const ws = await codexHomeWorkspace(
    `compat = "codex-0.98"\nmodel = "mock-model"\nmodel_provider = "mock"\n${extraConfig}\n${mockProviderTable(mockUrl)}request_max_retries = 0\nstream_max_retries = 0\n`,
  );
  return { root: ws.root, cwd: ws.cwd, codexHome: ws.codexHome, options: { env: ws.env, cwd: ws.cwd, runtime: existsSync(FIXTURE_PACK) ? { packDir: FIXTURE_PACK } : {} } };
}

/** The same for the 0.169 app-server: weft's default profile and its own pack, no weft configuration beyond the provider. */
export async function appServerWorkspace0169(mockUrl: string): Promise<AppServerWorkspace> {
  const ws = await codexHomeWorkspace(`model = "mock-model"\nmodel_provider = "mock"\n\n${mockProviderTable(mockUrl)}request_max_retries = 0\nstream_max_retries = 0\n`);
  return { root: ws.root, cwd: ws.cwd, codexHome: ws.codexHome, options: { env: ws.env, cwd: ws.cwd } };
}

/** `[model_providers.mock]` pointing at the mock server (key from MOCK_API_KEY). */
export function mockProviderTable(mockUrl: string): string {
  return `[model_providers.mock]\nname = "Mock"\nbase_url = "${mockUrl}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n`;
}

/** A root with cwd, HOME and a CODEX_HOME holding `config` as its config.toml, and the env naming them. */
export async function codexHomeWorkspace(config: string): Promise<{ root: string; cwd: string; codexHome: string; env: Record<string, string> }> {
  const root = await tempDir('weft-appserver-');
  const cwd = join(root, 'cwd');
  const codexHome = join(root, 'codex_home');
  const home = join(root, 'home');
  for (const d of [cwd, codexHome, home]) await mkdir(d, { recursive: true });
  await writeFile(join(codexHome, 'config.toml'), config);
  const env = { HOME: home, CODEX_HOME: codexHome, MOCK_API_KEY: 'dummy', SHELL: '/bin/bash', PATH: process.env.PATH ?? '/usr/bin:/bin' };
  return { root, cwd, codexHome, env };
}
