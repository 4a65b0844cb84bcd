// A workspace for tests of the 0.169 app-server (weft's default profile, weft's own pack): a
// CODEX_HOME whose config.toml points at a mock provider, a HOME and a working directory.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerOptions } from '../../src/app-server/server-context.js';
import { tempDir } from './temp-tree.js';

export interface AppServerWorkspace0169 {
  readonly cwd: string;
  readonly codexHome: string;
  readonly options: ServerOptions;
}

export async function appServerWorkspace0169(mockUrl: string): Promise<AppServerWorkspace0169> {
  const root = await tempDir('weft-appserver-0169-');
  const cwd = join(root, 'cwd');
  const codexHome = join(root, 'codex_home');
  const home = join(root, 'home');
  for (const d of [cwd, codexHome, home]) await mkdir(d, { recursive: true });
  await writeFile(
    join(codexHome, 'config.toml'),
    `model = "mock-model"\nmodel_provider = "mock"\n[model_providers.mock]\nname = "Mock"\nbase_url = "${mockUrl}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\nrequest_max_retries = 0\nstream_max_retries = 0\n`,
  );
  const env = { HOME: home, CODEX_HOME: codexHome, MOCK_API_KEY: 'dummy', SHELL: '/bin/bash', PATH: process.env.PATH ?? '/usr/bin:/bin' };
  return { cwd, codexHome, options: { env, cwd } };
}
