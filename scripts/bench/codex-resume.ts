// The real Codex 0.98 resuming the same generated rollout, for the resume figure's comparison: spawn
// of `codex exec resume <id>` until its request starts arriving at the mock. Runs only where
// scripts/install-codex.sh installed the binary (the caller says so when it is absent).
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startMockResponsesServer, textReply } from '../mock-responses-server.js';

/** The Codex binary of a version, where scripts/install-codex.sh put it (or $WEFT_CODEX_BIN). */
export { findCodexBinary as codexBinary } from '../../test/conformance/codex-binary-driver.js';

/**
 * One resume by Codex of thread `id` under `home` (its CODEX_HOME): milliseconds from spawn to the
 * first request arriving. Codex is stopped once the request is in: the rest of its turn is not timed.
 */
export async function codexResumeMs(binary: string, home: string, id: string): Promise<number> {
  let arrived: (() => void) | undefined;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  let arrivedAt = Number.NaN;
  const mock = await startMockResponsesServer({
    onRequestStart: () => {
      arrivedAt = Date.now();
      arrived?.();
    },
    respond: () => textReply('ok'),
  });
  const cwd = path.join(home, 'codex-cwd');
  await mkdir(cwd, { recursive: true });
  await writeFile(
    path.join(home, 'config.toml'),
    `model = "gpt-5.2-codex"\nmodel_provider = "mock"\n[model_providers.mock]\nname = "Mock"\nbase_url = "${mock.url}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n`,
  );
  const env = { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: home, CODEX_HOME: home, MOCK_API_KEY: 'dummy' };
  const spawnedAt = Date.now();
  const child = spawn(binary, ['exec', '--json', '--skip-git-repo-check', 'resume', id, 'next question'], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  try {
    const first = await Promise.race([arrival.then(() => 'request' as const), exited.then(() => 'exit' as const)]);
    if (first === 'exit') throw new Error(`codex exec resume exited before sending a request:\n${stderr}`);
    return arrivedAt - spawnedAt;
  } finally {
    child.kill('SIGTERM');
    await exited;
    await mock.close();
  }
}
