// Thread sections, attachments and Git metadata (0.169) as the real Codex 0.169 answers them on a
// mock (its answers, errors, notifications and stored rows were compared by hand): sections listed by
// id with the built-in "Pinned" first, threads placed a million apart or halfway before a neighbour,
// attachments created once per identity, Git facts patched field by field. In a home without Codex's
// state database they live in weft's own file; with one, in Codex's tables.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { InProcessClient, Msg } from '../../support/appserver-client.js';
import { appServer0169Sessions, errorMessage, ok } from '../../support/appserver-0169-session.js';
import { createCodexStateDb } from '../../support/codex-state-db.js';

const open = appServer0169Sessions();
const PINNED = '01984de2-8f74-7c91-a3b2-5c5e937cf318';
type Section = { id: string; name: string; appearance: { icon: string | null; color: string | null } | null };
type ThreadObj = { id: string; section: Section | null; sectionEnteredAt: number | null; gitInfo: { sha: string | null; branch: string | null; originUrl: string | null } | null };

async function storedThread(c: InProcessClient, cwd: string, text = 'hello'): Promise<string> {
  const { thread } = ok<{ thread: { id: string } }>(await c.request('thread/start', { cwd }));
  const from = c.received.length;
  const { turn } = ok<{ turn: { id: string } }>(await c.request('turn/start', { threadId: thread.id, input: [{ type: 'text', text, text_elements: [] }] }));
  await c.turnCompleted(thread.id, turn.id, from);
  return thread.id;
}

const code = (m: Msg): number => (m.error as { code: number }).code;

/** The notification `method` that came after the answer to the last request. */
async function following(c: InProcessClient, method: string, from: number): Promise<Record<string, unknown>> {
  return (await c.until((m) => m.method === method, from)).params as Record<string, unknown>;
}

describe('thread sections (0.169)', () => {
  it('creates, renames, pages and deletes sections; the built-in one stays', async () => {
    const { c, ws } = await open();
    expect(ok<{ data: Section[] }>(await c.request('threadSection/list', {})).data).toEqual([{ id: PINNED, name: 'Pinned', appearance: null }]);
    // Reading makes no store.
    expect(existsSync(join(ws.codexHome, 'thread_organization_1.sqlite'))).toBe(false);
    const { section } = ok<{ section: Section }>(await c.request('threadSection/create', { name: 'Work', appearance: { color: 'red' } }));
    expect(section).toMatchObject({ name: 'Work', appearance: { icon: null, color: 'red' } });
    expect(section.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    const first = ok<{ data: Section[]; nextCursor: string | null }>(await c.request('threadSection/list', { limit: 1 }));
    expect(first).toEqual({ data: [{ id: PINNED, name: 'Pinned', appearance: null }], nextCursor: PINNED });
    expect(ok<{ data: Section[]; nextCursor: string | null }>(await c.request('threadSection/list', { limit: 1, cursor: PINNED }))).toEqual({ data: [section], nextCursor: null });
    // Absent appearance keeps it, null clears it.
    expect(ok<{ section: Section }>(await c.request('threadSection/update', { sectionId: section.id, name: 'W2' })).section.appearance).toEqual({ icon: null, color: 'red' });
    expect(ok<{ section: Section }>(await c.request('threadSection/update', { sectionId: section.id, name: 'W3', appearance: null })).section).toEqual({ id: section.id, name: 'W3', appearance: null });

    const empty = await c.request('threadSection/create', { name: '' });
    expect([code(empty), errorMessage(empty)]).toEqual([-32602, 'section name must not be empty']);
    const missing = await c.request('threadSection/update', { sectionId: 'nope', name: 'x' });
    expect([code(missing), errorMessage(missing)]).toEqual([-32602, 'thread section not found: nope']);
    const pinned = await c.request('threadSection/delete', { sectionId: PINNED });
    expect([code(pinned), errorMessage(pinned)]).toEqual([-32602, 'the built-in pinned section cannot be deleted']);

    const id = await storedThread(c, ws.cwd);
    ok(await c.request('thread/section/move', { threadId: id, sectionId: section.id }));
    expect(ok<{ thread: ThreadObj }>(await c.request('thread/read', { threadId: id })).thread.section?.id).toBe(section.id);
    expect(ok(await c.request('threadSection/delete', { sectionId: section.id }))).toEqual({});
    expect(ok<{ thread: ThreadObj }>(await c.request('thread/read', { threadId: id })).thread).toMatchObject({ section: null, sectionEnteredAt: null });
    expect(errorMessage(await c.request('threadSection/delete', { sectionId: section.id }))).toBe(`thread section not found: ${section.id}`);
    expect(existsSync(join(ws.codexHome, 'thread_organization_1.sqlite'))).toBe(true);
  });

  it('orders a section as Codex does and shows the placement in thread/read and thread/list', async () => {
    const { c, ws } = await open();
    const { section } = ok<{ section: Section }>(await c.request('threadSection/create', { name: 'Work' }));
    const [a, b, t] = [await storedThread(c, ws.cwd, 'a'), await storedThread(c, ws.cwd, 'b'), await storedThread(c, ws.cwd, 'c')];
    const from = c.received.length;
    expect(ok(await c.request('thread/section/move', { threadId: a, sectionId: section.id }))).toEqual({});
    expect(await following(c, 'thread/section/changed', from)).toEqual({ threadId: a, sectionId: section.id });
    ok(await c.request('thread/section/move', { threadId: b, sectionId: section.id }));
    ok(await c.request('thread/section/move', { threadId: t, sectionId: section.id, beforeThreadId: a }));
    ok(await c.request('thread/section/move', { threadId: b, sectionId: section.id, beforeThreadId: a }));
    const db = new Database(join(ws.codexHome, 'thread_organization_1.sqlite'), { readonly: true });
    const positions = Object.fromEntries(db.prepare('SELECT id, section_position FROM threads').raw().all() as [string, number][]);
    db.close();
    expect(positions).toEqual({ [a]: 1_000_000, [t]: 500_000, [b]: 750_000 });

    const read = ok<{ thread: ThreadObj }>(await c.request('thread/read', { threadId: a })).thread;
    expect(read.section).toEqual(section);
    expect(read.sectionEnteredAt).toEqual(expect.any(Number));
    const listed = ok<{ data: ThreadObj[] }>(await c.request('thread/list', {})).data;
    expect(listed.map((x) => x.section?.id)).toEqual([section.id, section.id, section.id]);

    const self = await c.request('thread/section/move', { threadId: a, sectionId: section.id, beforeThreadId: a });
    expect([code(self), errorMessage(self)]).toEqual([-32600, `thread ${a} cannot be moved before itself`]);
    const noSection = await c.request('thread/section/move', { threadId: a, sectionId: 'nope' });
    expect([code(noSection), errorMessage(noSection)]).toEqual([-32600, 'section nope does not exist']);
    const stranger = '00000000-0000-0000-0000-000000000000';
    expect(errorMessage(await c.request('thread/section/move', { threadId: a, sectionId: section.id, beforeThreadId: stranger }))).toBe(`before thread ${stranger} is not in section ${section.id}`);
    const unknown = await c.request('thread/section/move', { threadId: stranger, sectionId: section.id });
    expect([code(unknown), errorMessage(unknown)]).toEqual([-32600, `thread not found: ${stranger}`]);

    ok(await c.request('thread/section/move', { threadId: a, sectionId: null }));
    expect(ok<{ thread: ThreadObj }>(await c.request('thread/read', { threadId: a })).thread).toMatchObject({ section: null, sectionEnteredAt: null });
  });
});

describe('thread attachments (0.169)', () => {
  it('adds once per identity, lists oldest first with Codex cursors, finds owners, removes', async () => {
    const { c, ws } = await open();
    const [a, b] = [await storedThread(c, ws.cwd, 'a'), await storedThread(c, ws.cwd, 'b')];
    let from = c.received.length;
    const added = ok<{ outcome: string; attachment: { id: string; payload: unknown; createdAt: number } }>(
      await c.request('thread/attachment/add', { threadId: a, attachmentType: 'pr', identityKey: 'k', payload: [1] }),
    );
    expect(added.outcome).toBe('created');
    expect(added.attachment).toMatchObject({ attachmentType: 'pr', identityKey: 'k', payload: [1], createdAt: expect.any(Number) });
    expect(await following(c, 'thread/attachment/updated', from)).toEqual({ threadId: a, attachmentType: 'pr', identityKey: 'k', attachmentId: added.attachment.id, operation: 'created' });
    const again = ok<{ outcome: string; attachment: unknown }>(await c.request('thread/attachment/add', { threadId: a, attachmentType: 'pr', identityKey: 'k', payload: [2] }));
    expect(again).toEqual({ outcome: 'existing', attachment: added.attachment });
    ok(await c.request('thread/attachment/add', { threadId: a, attachmentType: 'pr', identityKey: 'j', payload: null }));
    ok(await c.request('thread/attachment/add', { threadId: b, attachmentType: 'pr', identityKey: 'k', payload: 'x' }));

    const page1 = ok<{ data: { identityKey: string }[]; nextCursor: string }>(await c.request('thread/attachment/list', { threadId: a, limit: 1 }));
    expect(page1.data.map((x) => x.identityKey)).toEqual(['k']);
    expect(page1.nextCursor).toBe(`${a}|${added.attachment.createdAt}|${added.attachment.id}`);
    const page2 = ok<{ data: { identityKey: string }[]; nextCursor: null }>(await c.request('thread/attachment/list', { threadId: a, limit: 1, cursor: page1.nextCursor }));
    expect([page2.data.map((x) => x.identityKey), page2.nextCursor]).toEqual([['j'], null]);

    const owners = ok<{ data: { threadId: string; archived: boolean }[]; nextCursor: string }>(await c.request('thread/attachmentOwner/list', { attachmentType: 'pr', identityKey: 'k', limit: 1 }));
    const [firstOwner, secondOwner] = [a, b].sort();
    expect(owners.data).toEqual([{ threadId: firstOwner, archived: false }]);
    expect(JSON.parse(owners.nextCursor)).toEqual({ attachment_type: 'pr', identity_key: 'k', archived: null, thread_id: firstOwner });
    ok(await c.request('thread/archive', { threadId: secondOwner }));
    const rest = ok<{ data: unknown[]; nextCursor: null }>(await c.request('thread/attachmentOwner/list', { attachmentType: 'pr', identityKey: 'k', limit: 1, cursor: owners.nextCursor }));
    expect(rest).toEqual({ data: [{ threadId: secondOwner, archived: true }], nextCursor: null });
    expect(ok<{ data: unknown[] }>(await c.request('thread/attachmentOwner/list', { attachmentType: 'pr', identityKey: 'k', archived: false })).data).toEqual([{ threadId: firstOwner, archived: false }]);

    from = c.received.length;
    expect(ok(await c.request('thread/attachment/remove', { threadId: a, attachmentType: 'pr', identityKey: 'k' }))).toEqual({});
    expect(await following(c, 'thread/attachment/updated', from)).toMatchObject({ attachmentId: added.attachment.id, operation: 'deleted' });
    from = c.received.length;
    ok(await c.request('thread/attachment/remove', { threadId: a, attachmentType: 'pr', identityKey: 'k' }));
    ok(await c.request('threadSection/list', {}));
    expect(c.received.slice(from).some((m) => m.method === 'thread/attachment/updated')).toBe(false);

    const stranger = '00000000-0000-0000-0000-000000000000';
    const unknown = await c.request('thread/attachment/add', { threadId: stranger, attachmentType: 'pr', identityKey: 'k', payload: 1 });
    expect([code(unknown), errorMessage(unknown)]).toEqual([-32602, `thread not found: ${stranger}`]);
  });
});

describe('thread/metadata/update (0.169)', () => {
  it('patches the Git facts field by field and shows them in the answer and in thread/read', async () => {
    const { c, ws } = await open();
    const id = await storedThread(c, ws.cwd);
    const none = await c.request('thread/metadata/update', { threadId: id });
    expect([code(none), errorMessage(none)]).toEqual([-32600, 'thread metadata update must include at least one field']);
    expect(errorMessage(await c.request('thread/metadata/update', { threadId: id, gitInfo: { branch: '' } }))).toBe('gitInfo.branch must not be empty');
    const set = ok<{ thread: ThreadObj }>(await c.request('thread/metadata/update', { threadId: id, gitInfo: { branch: 'feat', sha: 'abc' } }));
    expect(set.thread.gitInfo).toEqual({ sha: 'abc', branch: 'feat', originUrl: null });
    const patched = ok<{ thread: ThreadObj }>(await c.request('thread/metadata/update', { threadId: id, gitInfo: { branch: null, originUrl: 'https://example.invalid/r.git' } }));
    expect(patched.thread.gitInfo).toEqual({ sha: 'abc', branch: null, originUrl: 'https://example.invalid/r.git' });
    expect(ok<{ thread: ThreadObj }>(await c.request('thread/read', { threadId: id })).thread.gitInfo).toEqual(patched.thread.gitInfo);
  });
});

describe('in a home Codex 0.169 shares', () => {
  it('sections, places and attachments go into Codex\'s own tables, and weft makes no file of its own', async () => {
    const { c, ws } = await open(async (w) => {
      const db = createCodexStateDb(w.codexHome);
      db.prepare('INSERT INTO thread_sections (id, name, appearance) VALUES (?, ?, NULL)').run(PINNED, 'Pinned');
      db.close();
    });
    const id = await storedThread(c, ws.cwd);
    const { section } = ok<{ section: Section }>(await c.request('threadSection/create', { name: 'Work' }));
    ok(await c.request('thread/section/move', { threadId: id, sectionId: section.id }));
    ok(await c.request('thread/attachment/add', { threadId: id, attachmentType: 'pr', identityKey: 'k', payload: { n: 1 } }));
    ok(await c.request('thread/metadata/update', { threadId: id, gitInfo: { sha: 'abc' } }));
    const db = new Database(join(ws.codexHome, 'state_5.sqlite'), { readonly: true });
    expect(db.prepare('SELECT name FROM thread_sections ORDER BY id').pluck().all()).toEqual(['Pinned', 'Work']);
    expect(db.prepare('SELECT thread_section_id, section_position, git_sha FROM threads WHERE id = ?').get(id)).toEqual({ thread_section_id: section.id, section_position: 1_000_000, git_sha: 'abc' });
    expect(db.prepare('SELECT attachment_type, identity_key, payload FROM thread_attachments WHERE thread_id = ?').all(id)).toEqual([{ attachment_type: 'pr', identity_key: 'k', payload: '{"n":1}' }]);
    db.close();
    expect(existsSync(join(ws.codexHome, 'thread_organization_1.sqlite'))).toBe(false);
    expect(ok<{ data: { threadId: string; archived: boolean }[] }>(await c.request('thread/attachmentOwner/list', { attachmentType: 'pr', identityKey: 'k' })).data).toEqual([{ threadId: id, archived: false }]);
  });

  it('an older Codex\'s database is left alone: reads go on without sections, writes say why', async () => {
    const { c, ws } = await open(async (w) => {
      const db = new Database(join(w.codexHome, 'state_5.sqlite'));
      db.exec('CREATE TABLE threads (id TEXT PRIMARY KEY)');
      db.close();
    });
    const id = await storedThread(c, ws.cwd);
    expect(ok<{ thread: ThreadObj }>(await c.request('thread/read', { threadId: id })).thread.section).toBeNull();
    expect(ok<{ data: ThreadObj[] }>(await c.request('thread/list', {})).data.map((t) => t.id)).toEqual([id]);
    expect(errorMessage(await c.request('threadSection/create', { name: 'Work' }))).toMatch(/older than 0\.169.*start Codex 0\.169 once/);
    expect(existsSync(join(ws.codexHome, 'thread_organization_1.sqlite'))).toBe(false);
  });
});
