// `cli_auth_credentials_store = "ephemeral"`: the real Codex 0.169.0 app-server and weft's, on a home
// whose auth.json holds ChatGPT tokens, give the same answers and account notifications while a
// client signs in with an API key, reads the account, and signs out: the sign-in lives in the
// server's memory only (auth.json is neither read nor written nor removed). Runs only where the
// binary is installed.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { InProcessClient, type Msg } from '../support/appserver-client.js';
import { CodexAppServer } from '../support/codex-app-server-stdio.js';
import { chatgptAuthJson } from '../support/fake-tokens.js';
import { findCodexBinary } from './codex-binary-driver.js';

const binary = findCodexBinary('0.169.0');

interface Client {
  readonly received: Msg[];
  request(method: string, params?: unknown): Promise<Msg>;
  until(found: (m: Msg) => boolean, from?: number): Promise<Msg>;
  close(): Promise<void>;
}

function home(): { home: string; cwd: string; env: Record<string, string>; authJson: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'weft-cross-ephemeral-'));
  const h = path.join(root, 'home');
  const cwd = path.join(root, 'work');
  mkdirSync(h, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(path.join(h, 'config.toml'), 'compat = "codex-0.169"\ncli_auth_credentials_store = "ephemeral"\n');
  const authJson = JSON.stringify(chatgptAuthJson(), null, 2);
  writeFileSync(path.join(h, 'auth.json'), authJson, { mode: 0o600 });
  return { home: h, cwd, env: { HOME: h, CODEX_HOME: h, PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` }, authJson };
}

const answerOf = (a: Msg): unknown => {
  if (a.error !== undefined) return { error: (a.error as { code: number }).code };
  const { workspaceRouting: _routing, ...rest } = (a.result ?? {}) as Record<string, unknown>;
  return { result: rest };
};
const accountNotes = (c: Client, from: number): unknown[] => c.received.slice(from).filter((m) => typeof m.method === 'string' && m.method.startsWith('account/') && m.id === undefined).map((m) => [m.method, m.params]);

async function runAll(open: (s: ReturnType<typeof home>) => Promise<Client>): Promise<{ steps: unknown[]; authJsonKept: boolean }> {
  const s = home();
  const c = await open(s);
  const steps: unknown[] = [];
  try {
    steps.push(answerOf(await c.request('account/read', {})));
    let from = c.received.length;
    steps.push(answerOf(await c.request('account/login/start', { type: 'apiKey', apiKey: 'sk-FAKE-ephemeral-key-0001' })));
    await c.until((m) => m.method === 'account/updated', from);
    steps.push(accountNotes(c, from));
    steps.push(answerOf(await c.request('account/read', {})));
    from = c.received.length;
    steps.push(answerOf(await c.request('account/logout')));
    await c.until((m) => m.method === 'account/updated', from);
    steps.push(accountNotes(c, from));
    steps.push(answerOf(await c.request('account/read', {})));
  } finally {
    await c.close();
  }
  return { steps, authJsonKept: readFileSync(path.join(s.home, 'auth.json'), 'utf8') === s.authJson };
}

describe('the ephemeral credentials store: the real Codex 0.169.0 and weft', () => {
  if (!binary) {
    test.skip('skipped: no Codex 0.169.0 binary (run scripts/install-codex.sh 0.169.0 to enable)', () => {});
    return;
  }
  let codex: Awaited<ReturnType<typeof runAll>>;
  let weft: Awaited<ReturnType<typeof runAll>>;
  beforeAll(async () => {
    codex = await runAll(async (s) => {
      const c = await CodexAppServer.withRefusingProxy(binary, s.cwd, s.env);
      await c.initialize();
      return c;
    });
    weft = await runAll(async (s) => {
      const c = new InProcessClient({ env: s.env, cwd: s.cwd });
      await c.initialize();
      return c;
    });
  }, 120_000);

  test('the same answers and notifications: an API key signed in in memory, then out', () => {
    expect(weft.steps).toEqual(codex.steps);
    expect(JSON.stringify(codex.steps)).toContain('apiKey');
  });

  test('auth.json is neither read, written nor removed', () => {
    expect(codex.authJsonKept).toBe(true);
    expect(weft.authJsonKept).toBe(true);
    expect(JSON.stringify(codex.steps[0])).toContain('"account":null');
  });
});
