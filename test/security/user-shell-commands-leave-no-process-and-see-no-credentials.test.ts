// A user's own shell command (app-server thread/shellCommand) runs as Codex 0.169 runs it: outside the
// sandbox, with full access, whatever the thread's sandbox (the user typed it; docs/security.md). What
// still holds against a hostile command: it starts from the environment the model's commands get, so
// the provider's key is not in it; and when its time limit passes or the user interrupts it, its
// whole process group dies with it, so a child it left in the background does not live on.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../src/testing/index.js';
import { InProcessClient, type Msg } from '../support/appserver-client.js';
import { ok } from '../support/appserver-0169-session.js';
import { appServerWorkspace0169, mockProviderTable, type AppServerWorkspace } from '../support/appserver-workspace.js';
import { removeTempDirs } from '../support/temp-tree.js';

let mock: MockServer | undefined;
let client: InProcessClient | undefined;
let root: string | undefined;
afterEach(async () => {
  await client?.close();
  await mock?.close();
  if (root) await rm(root, { recursive: true, force: true, maxRetries: 5 });
  client = mock = root = undefined;
  await removeTempDirs();
});

async function open(): Promise<{ c: InProcessClient; ws: AppServerWorkspace; threadId: string }> {
  const m = (mock = await startMockResponsesServer({ respond: () => textReply('ok') }));
  const ws = await appServerWorkspace0169(m.url);
  root = ws.root;
  // The sandbox the thread's model commands get: read-only.
  await writeFile(join(ws.codexHome, 'config.toml'), `compat = "codex-0.169"\nsandbox_mode = "read-only"\nmodel = "mock-model"\nmodel_provider = "mock"\n\n${mockProviderTable(m.url)}request_max_retries = 0\nstream_max_retries = 0\n`);
  const c = (client = new InProcessClient({ ...ws.options, env: { ...ws.options.env, MOCK_API_KEY: 'sk-secret-provider-key' } }));
  await c.initialize();
  const { thread } = ok<{ thread: { id: string } }>(await c.request('thread/start', { cwd: ws.cwd }));
  return { c, ws, threadId: thread.id };
}

async function run(c: InProcessClient, threadId: string, command: string, timeoutMs?: number): Promise<{ item: Record<string, unknown>; turnId: string }> {
  const from = c.received.length;
  ok(await c.request('thread/shellCommand', { threadId, command, ...(timeoutMs !== undefined ? { timeoutMs } : {}) }));
  const done = await c.until((m) => m.method === 'item/completed', from);
  const p = done.params as { item: Record<string, unknown>; turnId: string };
  await c.until((m) => m.method === 'turn/completed', from);
  return p;
}

/** False once the process is gone (or a zombie about to be reaped: it runs nothing any more). */
async function alive(pid: number): Promise<boolean> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return !/^State:\s+Z/m.test(status);
  } catch {
    return false;
  }
}

describe('a user shell command (thread/shellCommand)', () => {
  it('runs with full access, as Codex runs it, yet without the provider key the model’s commands never see', async () => {
    const { c, ws, threadId } = await open();
    const { item } = await run(c, threadId, 'echo written > made-by-user.txt; echo "key=[${MOCK_API_KEY:-}]"');
    expect(item.exitCode).toBe(0);
    expect(await readFile(join(ws.cwd, 'made-by-user.txt'), 'utf8')).toBe('written\n');
    expect(item.aggregatedOutput).toBe('key=[]\n');
  });

  it('past its time limit, a child it left in the background dies with it', async () => {
    const { c, ws, threadId } = await open();
    const { item } = await run(c, threadId, 'sleep 300 & echo $! > child.pid; wait', 5000);
    expect(item.exitCode).toBe(-1);
    const pid = Number((await readFile(join(ws.cwd, 'child.pid'), 'utf8')).trim());
    expect(pid).toBeGreaterThan(0);
    expect(await alive(pid)).toBe(false);
  });

  it('interrupted, a child it left in the background dies with it', async () => {
    const { c, ws, threadId } = await open();
    const from = c.received.length;
    ok(await c.request('thread/shellCommand', { threadId, command: 'sleep 300 & echo $! > child.pid; echo started; wait' }));
    const begun = await c.until((m: Msg) => m.method === 'item/commandExecution/outputDelta', from);
    ok(await c.request('turn/interrupt', { threadId, turnId: (begun.params as { turnId: string }).turnId }));
    await c.until((m) => m.method === 'turn/completed', from);
    const pid = Number((await readFile(join(ws.cwd, 'child.pid'), 'utf8')).trim());
    expect(await alive(pid)).toBe(false);
  });
});
