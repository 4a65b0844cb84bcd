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

/** A temp root with cwd, CODEX_HOME (its config.toml: `head`, the mock model, `extra`, the mock provider's table) and HOME. */
async function workspace(mockUrl: string, head: string, extra = ''): Promise<{ root: string; cwd: string; codexHome: string; env: Record<string, string> }> {
  const root = await tempDir('weft-appserver-');
  const cwd = join(root, 'cwd');
  const codexHome = join(root, 'codex_home');
  const home = join(root, 'home');
  for (const d of [cwd, codexHome, home]) await mkdir(d, { recursive: true });
  await writeFile(
    join(codexHome, 'config.toml'),
    `${head}model = "mock-model"\nmodel_provider = "mock"\n${extra}\n[model_providers.mock]\nname = "Mock"\nbase_url = "${mockUrl}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\nrequest_max_retries = 0\nstream_max_retries = 0\n`,
  );
  const env = { HOME: home, CODEX_HOME: codexHome, MOCK_API_KEY: 'dummy', SHELL: '/bin/bash', PATH: process.env.PATH ?? '/usr/bin:/bin' };
  return { root, cwd, codexHome, env };
}

export async function appServerWorkspace(mockUrl: string, extraConfig = ''): Promise<AppServerWorkspace> {
  const { root, cwd, codexHome, env } = await workspace(mockUrl, 'compat = "codex-0.98"\n', extraConfig);
  return { root, cwd, codexHome, options: { env, cwd, runtime: existsSync(FIXTURE_PACK) ? { packDir: FIXTURE_PACK } : {} } };
}

/** The same for the 0.169 app-server: weft's default profile and its own pack, no weft configuration beyond the provider. */
export async function appServerWorkspace0169(mockUrl: string): Promise<AppServerWorkspace> {
  const { root, cwd, codexHome, env } = await workspace(mockUrl, '');
  return { root, cwd, codexHome, options: { env, cwd } };
}
