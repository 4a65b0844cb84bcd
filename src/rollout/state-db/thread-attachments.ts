// Thread attachments as Codex 0.169 keeps them (organization-db.ts says where): table
// `thread_attachments`, one row per (thread, type, identity key), the payload stored as JSON text,
// the creation time in seconds. Adding an identity the thread already has gives back the stored one
// ("existing"); a thread's attachments list oldest first; owners of an identity list by thread id.
// Cursors have Codex's forms: `<thread>|<createdAt>|<id>` and a JSON object of the last owner.
import { z } from 'zod';
import { newThreadId } from '../store/thread-id.js';
import type { OrganizationDb } from './organization-db.js';
import { ThreadOrganizationError, type Page } from './thread-sections.js';

export interface ThreadAttachment {
  readonly id: string;
  readonly attachmentType: string;
  readonly identityKey: string;
  readonly payload: unknown;
  readonly createdAt: number;
}

export interface AttachmentOwner {
  readonly threadId: string;
  readonly archived: boolean;
}

interface Row {
  id: string;
  attachment_type: string;
  identity_key: string;
  payload: string;
  created_at: number;
}

const attachmentOf = (r: Row): ThreadAttachment => ({
  id: r.id,
  attachmentType: r.attachment_type,
  identityKey: r.identity_key,
  payload: JSON.parse(r.payload) as unknown,
  createdAt: r.created_at,
});

const OwnerCursor = z.object({ attachment_type: z.string(), identity_key: z.string(), archived: z.boolean().nullable(), thread_id: z.string() });

function badCursor(cursor: string): ThreadOrganizationError {
  return new ThreadOrganizationError(`invalid cursor ${JSON.stringify(cursor)}: pass back a nextCursor from an earlier page`, 'params');
}

function pageOf<T, R>(rows: R[], limit: number | null | undefined, map: (r: R) => T, cursorOf: (r: R) => string): Page<T> {
  const more = limit != null && rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { data: page.map(map), nextCursor: more && last !== undefined ? cursorOf(last) : null };
}

const sqlLimit = (limit: number | null | undefined): number => (limit == null ? -1 : limit + 1);

export class ThreadAttachments {
  constructor(
    private readonly store: OrganizationDb,
    private readonly now: () => number = Date.now,
  ) {}

  #find(threadId: string, type: string, key: string): Row | undefined {
    return this.store.db.prepare('SELECT * FROM thread_attachments WHERE thread_id = ? AND attachment_type = ? AND identity_key = ?').get(threadId, type, key) as Row | undefined;
  }

  /** The thread's row must exist (ensureThreadRow). */
  add(threadId: string, type: string, key: string, payload: unknown): { outcome: 'created' | 'existing'; attachment: ThreadAttachment } {
    const found = this.#find(threadId, type, key);
    if (found) return { outcome: 'existing', attachment: attachmentOf(found) };
    const at = this.now();
    this.store.db
      .prepare('INSERT INTO thread_attachments (id, thread_id, attachment_type, identity_key, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(newThreadId(at), threadId, type, key, JSON.stringify(payload ?? null), Math.floor(at / 1000));
    const row = this.#find(threadId, type, key);
    if (!row) throw new ThreadOrganizationError(`attachment ${type}/${key} of thread ${threadId} was not stored`, 'request');
    return { outcome: 'created', attachment: attachmentOf(row) };
  }

  list(threadId: string, cursor: string | null | undefined, limit: number | null | undefined): Page<ThreadAttachment> {
    let after = { createdAt: -1, id: '' };
    if (cursor) {
      const [thread, createdAt, id, ...rest] = cursor.split('|');
      if (thread !== threadId || rest.length > 0 || id === undefined || !/^\d+$/.test(createdAt ?? '')) throw badCursor(cursor);
      after = { createdAt: Number(createdAt), id };
    }
    const rows = this.store.db
      .prepare('SELECT * FROM thread_attachments WHERE thread_id = ? AND (created_at > ? OR (created_at = ? AND id > ?)) ORDER BY created_at, id LIMIT ?')
      .all(threadId, after.createdAt, after.createdAt, after.id, sqlLimit(limit)) as Row[];
    return pageOf(rows, limit, attachmentOf, (r) => `${threadId}|${r.created_at}|${r.id}`);
  }

  /** Removes the attachment; its id, or undefined when the thread had none of that identity. */
  remove(threadId: string, type: string, key: string): string | undefined {
    const found = this.#find(threadId, type, key);
    if (found) this.store.db.prepare('DELETE FROM thread_attachments WHERE id = ?').run(found.id);
    return found?.id;
  }

  /**
   * Threads holding an identity, by thread id; `archived` false keeps unarchived ones only.
   * `isArchived` says whether a thread is archived (Codex's database answers that itself).
   */
  owners(
    type: string,
    key: string,
    opts: { archived?: boolean | null; cursor?: string | null; limit?: number | null },
    isArchived: (threadId: string) => boolean,
  ): Page<AttachmentOwner> {
    let afterThread = '';
    if (opts.cursor) {
      let parsed: z.infer<typeof OwnerCursor>;
      try {
        parsed = OwnerCursor.parse(JSON.parse(opts.cursor));
      } catch {
        throw badCursor(opts.cursor);
      }
      if (parsed.attachment_type !== type || parsed.identity_key !== key) throw badCursor(opts.cursor);
      afterThread = parsed.thread_id;
    }
    const archivedColumn = this.store.shared ? '(SELECT archived FROM threads t WHERE t.id = a.thread_id)' : 'NULL';
    const rows = (
      this.store.db
        .prepare(`SELECT a.thread_id AS threadId, ${archivedColumn} AS archived FROM thread_attachments a WHERE attachment_type = ? AND identity_key = ? AND thread_id > ? ORDER BY thread_id`)
        .all(type, key, afterThread) as { threadId: string; archived: number | null }[]
    )
      .map((r) => ({ threadId: r.threadId, archived: r.archived === null ? isArchived(r.threadId) : r.archived === 1 }))
      .filter((r) => opts.archived == null || r.archived === opts.archived);
    const archived = opts.archived ?? null;
    return pageOf(rows.slice(0, sqlLimit(opts.limit) < 0 ? undefined : sqlLimit(opts.limit)), opts.limit, (r) => r, (r) =>
      JSON.stringify({ attachment_type: type, identity_key: key, archived, thread_id: r.threadId }),
    );
  }
}
