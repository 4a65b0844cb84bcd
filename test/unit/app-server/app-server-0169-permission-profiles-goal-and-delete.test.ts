// Three 0.169 methods editors call, answered as Codex 0.169 answers them (checked against the real
// binary on a mock):
// - `permissionProfile/list`: the built-ins `:read-only`, `:workspace`, `:danger-full-access`, then
//   each `[permissions.NAME]` of config.toml with its description, all allowed, paged by an offset
//   cursor ("invalid cursor: x" for one that is not);
// - `thread/goal/get`: `{ goal: null }` for a thread that exists, "thread not found" otherwise;
// - `thread/delete`: the loaded thread is unloaded (`thread/status/changed` notLoaded before the
//   answer), its rollout and its lines in session_index.jsonl go, `thread/deleted` follows; a second
//   delete finds no rollout.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appServer0169Sessions, errorMessage, ok } from '../../support/appserver-0169-session.js';
import { mockProviderTable } from '../../support/appserver-workspace.js';

const openServer = appServer0169Sessions();

const open = (extraConfig = '') =>
  openServer(async (ws, url) => {
    if (extraConfig) await writeFile(join(ws.codexHome, 'config.toml'), `model = "mock-model"\nmodel_provider = "mock"\n${extraConfig}\n${mockProviderTable(url)}`);
  });

const err = errorMessage;

describe('0.169 permission profiles, goals and deletion', () => {
  it('permissionProfile/list: built-ins, then the config’s named profiles, paged', async () => {
    const { c } = await open('default_permissions = "mine"\n[permissions.mine]\ndescription = "My profile"\n');
    expect(ok(await c.request('permissionProfile/list', {}))).toEqual({
      data: [
        { id: ':read-only', description: null, allowed: true },
        { id: ':workspace', description: null, allowed: true },
        { id: ':danger-full-access', description: null, allowed: true },
        { id: 'mine', description: 'My profile', allowed: true },
      ],
      nextCursor: null,
    });
    expect(ok(await c.request('permissionProfile/list', { limit: 1 }))).toEqual({ data: [{ id: ':read-only', description: null, allowed: true }], nextCursor: '1' });
    expect(ok<{ data: { id: string }[] }>(await c.request('permissionProfile/list', { cursor: '3' })).data.map((p) => p.id)).toEqual(['mine']);
    expect(err(await c.request('permissionProfile/list', { cursor: 'x' }))).toBe('invalid cursor: x');
  });

  it('thread/goal/get: no goal for a thread that exists; an unknown thread is not found', async () => {
    const { c } = await open();
    const { thread } = ok<{ thread: { id: string } }>(await c.request('thread/start', {}));
    expect(ok(await c.request('thread/goal/get', { threadId: thread.id }))).toEqual({ goal: null });
    const unknown = '01a22347-ec9d-73f1-905a-d00f33a91a16';
    expect(err(await c.request('thread/goal/get', { threadId: unknown }))).toBe(`thread not found: ${unknown}`);
  });

  it('thread/delete: unloads, removes the rollout and its name, then says so; twice finds nothing', async () => {
    const { c, ws } = await open();
    const { thread } = ok<{ thread: { id: string; path: string } }>(await c.request('thread/start', {}));
    const { turn } = ok<{ turn: { id: string } }>(await c.request('turn/start', { threadId: thread.id, input: [{ type: 'text', text: 'hello', text_elements: [] }] }));
    await c.turnCompleted(thread.id, turn.id);
    ok(await c.request('thread/name/set', { threadId: thread.id, name: 'doomed' }));
    const { thread: other } = ok<{ thread: { id: string } }>(await c.request('thread/start', {}));
    ok(await c.request('thread/name/set', { threadId: other.id, name: 'kept' }));
    expect(existsSync(thread.path)).toBe(true);

    const from = c.received.length;
    const answer = await c.request('thread/delete', { threadId: thread.id });
    expect(ok(answer)).toEqual({});
    await c.until((m) => m.method === 'thread/deleted', from);
    const after = c.received.slice(from);
    const status = after.findIndex((m) => m.method === 'thread/status/changed' && (m.params as { status: { type: string } }).status.type === 'notLoaded');
    expect(status).toBeGreaterThanOrEqual(0);
    expect(status).toBeLessThan(after.indexOf(answer));
    expect(after.findIndex((m) => m.method === 'thread/deleted')).toBeGreaterThan(after.indexOf(answer));

    expect(existsSync(thread.path)).toBe(false);
    const index = await readFile(join(ws.codexHome, 'session_index.jsonl'), 'utf8');
    expect(index).not.toContain(thread.id);
    expect(index).toContain(other.id);
    const listed = ok<{ data: { id: string }[] }>(await c.request('thread/list', {}));
    expect(listed.data.map((t) => t.id)).not.toContain(thread.id);
    expect(err(await c.request('thread/delete', { threadId: thread.id }))).toBe(`no rollout found for thread id ${thread.id}`);
  });
});

describe('0.169 archive ordering', () => {
  it('thread/archive: notLoaded, then thread/archived, then the answer; thread/unarchived comes before its answer', async () => {
    const { c } = await open();
    const { thread } = ok<{ thread: { id: string } }>(await c.request('thread/start', {}));
    const from = c.received.length;
    const answer = await c.request('thread/archive', { threadId: thread.id });
    ok(answer);
    const seen = c.received.slice(from).map((m) => m.method ?? 'answer');
    expect(seen).toEqual(['thread/status/changed', 'thread/archived', 'answer']);
    const again = c.received.length;
    ok(await c.request('thread/unarchive', { threadId: thread.id }));
    expect(c.received.slice(again).map((m) => m.method ?? 'answer')).toEqual(['thread/unarchived', 'answer']);
  });
});
