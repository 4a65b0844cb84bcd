// A completed turn of a stored 0.169 thread sends `thread/readState/changed`, as the real Codex 0.169
// does (checked against it on a mock): after the turn's token usage and rate limits, before the
// thread's idle status and turn/completed; its read state is what thread/read answers next, and its
// revision changes with every turn. An ephemeral thread (no stored read receipt) sends none, and a
// client that did not opt into the experimental API hears none (Codex's recorded sessions a–d).
import { describe, expect, it } from 'vitest';
import type { Msg } from '../../support/appserver-client.js';
import { appServer0169Sessions, ok } from '../../support/appserver-0169-session.js';

const open = appServer0169Sessions();
type ReadState = { firstUnread: { type: string; turnId: string } | null; revision: string };

async function turn(c: Awaited<ReturnType<typeof open>>['c'], threadId: string, text: string): Promise<{ turnId: string; after: Msg[] }> {
  const from = c.received.length;
  const { turn: t } = ok<{ turn: { id: string } }>(await c.request('turn/start', { threadId, input: [{ type: 'text', text, text_elements: [] }] }));
  await c.turnCompleted(threadId, t.id, from);
  return { turnId: t.id, after: c.received.slice(from).filter((m) => m.method !== undefined && m.id === undefined) };
}

describe('thread/readState/changed at turn end (0.169)', () => {
  it('comes after the token usage, before the idle status, and matches thread/read', async () => {
    const { c, ws } = await open();
    const { thread } = ok<{ thread: { id: string } }>(await c.request('thread/start', { cwd: ws.cwd }));
    const first = await turn(c, thread.id, 'hello');
    const methods = first.after.map((m) => m.method);
    const at = methods.indexOf('thread/readState/changed');
    expect(at).toBeGreaterThan(methods.lastIndexOf('account/rateLimits/updated'));
    expect(methods.slice(at)).toEqual(['thread/readState/changed', 'thread/status/changed', 'turn/completed']);
    const changed = first.after[at]?.params as { threadId: string; readState: ReadState };
    expect(changed.threadId).toBe(thread.id);
    expect(changed.readState.firstUnread).toEqual({ type: 'turn', turnId: first.turnId });
    const read = ok<{ readState: ReadState }>(await c.request('thread/read', { threadId: thread.id }));
    expect(read.readState).toEqual(changed.readState);

    const second = await turn(c, thread.id, 'again');
    const next = second.after.find((m) => m.method === 'thread/readState/changed')?.params as { readState: ReadState };
    expect(next.readState.firstUnread).toEqual({ type: 'turn', turnId: first.turnId });
    expect(next.readState.revision).not.toBe(changed.readState.revision);
  });

  it('a client without the experimental API hears none', async () => {
    const { c, ws } = await open(undefined, false);
    const { thread } = ok<{ thread: { id: string } }>(await c.request('thread/start', { cwd: ws.cwd }));
    const { after } = await turn(c, thread.id, 'hello');
    expect(after.map((m) => m.method).slice(-4)).toEqual(['thread/tokenUsage/updated', 'account/rateLimits/updated', 'thread/status/changed', 'turn/completed']);
  });

  it('an ephemeral thread sends none', async () => {
    const { c, ws } = await open();
    const { thread } = ok<{ thread: { id: string } }>(await c.request('thread/start', { cwd: ws.cwd, ephemeral: true }));
    const { after } = await turn(c, thread.id, 'hello');
    expect(after.map((m) => m.method)).not.toContain('thread/readState/changed');
    expect(after.map((m) => m.method).slice(-2)).toEqual(['thread/status/changed', 'turn/completed']);
  });
});
