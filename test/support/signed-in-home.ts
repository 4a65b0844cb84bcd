// A Codex home signed in with ChatGPT (or an API key) for tests: config.toml naming the mock as the
// ChatGPT backend, auth.json as the recordings' `auth.before.json`, a git-less working directory,
// and `weft exec` run in-process against it.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CliIo } from '../../src/cli/cli-options.js';
import { main } from '../../src/cli/main.js';

export interface SignedInHome {
  readonly home: string;
  readonly cwd: string;
  readonly env: Record<string, string>;
  authJson(): string;
}

export function signedInHome(opts: { auth: Record<string, unknown> | undefined; config: string; env?: Record<string, string> }): SignedInHome {
  const root = mkdtempSync(path.join(os.tmpdir(), 'weft-signin-'));
  const home = path.join(root, 'home');
  const cwd = path.join(root, 'work');
  mkdirSync(home, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(path.join(home, 'config.toml'), opts.config);
  if (opts.auth) writeFileSync(path.join(home, 'auth.json'), JSON.stringify(opts.auth, null, 2), { mode: 0o600 });
  return {
    home,
    cwd,
    env: { CODEX_HOME: home, HOME: root, PATH: process.env.PATH ?? '/usr/bin:/bin', ...opts.env },
    authJson: () => readFileSync(path.join(home, 'auth.json'), 'utf8'),
  };
}

export interface RunResult {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

export async function runWeft(h: SignedInHome, argv: string[], stdin = ''): Promise<RunResult> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { env: h.env, cwd: h.cwd, stdout: (l) => out.push(l), stderr: (l) => err.push(l), isTty: false, readStdin: async () => stdin };
  const code = await main(argv, io);
  return { code, out, err };
}

/**
 * `runWeft` with setTimeout faked, for turns that back off between retries: each time the run prints
 * a retry ("Reconnecting..."), the clock is moved to the next timer (the backoff's), so the run
 * never waits. Nothing else is sped up: a timer is only fired once a retry was announced.
 */
export async function runWeftWithoutBackoff(h: SignedInHome, argv: string[]): Promise<RunResult> {
  const { vi } = await import('vitest');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const out: string[] = [];
  const err: string[] = [];
  let announced = 0;
  const io: CliIo = {
    env: h.env,
    cwd: h.cwd,
    stdout: (l) => {
      out.push(l);
      if (l.includes('Reconnecting')) announced++;
    },
    stderr: (l) => err.push(l),
    isTty: false,
    readStdin: async () => '',
  };
  let done = false;
  const run = main(argv, io).finally(() => (done = true));
  try {
    while (!done) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (announced > 0 && vi.getTimerCount() > 0) {
        announced--;
        await vi.advanceTimersToNextTimerAsync();
      }
    }
    return { code: await run, out, err };
  } finally {
    vi.useRealTimers();
  }
}
