// Thread sections as Codex 0.169 keeps them (organization-db.ts says where): user-made sections with
// an optional appearance, listed by id (UUIDv7, so in creation order, the built-in "Pinned" first),
// and each thread's place in at most one section: a position that orders the section (appended a
// step of a million after the last one, or halfway between a neighbour and the thread it is moved
// before; the section is renumbered when no integer is left between them) and when it entered.
import type BetterSqlite3 from 'better-sqlite3';
import { UsageError } from '../../errors.js';
import { newThreadId } from '../store/thread-id.js';
import { PINNED_SECTION, type OrganizationDb } from './organization-db.js';

export const POSITION_STEP = 1_000_000;

/** A refused organizing request; `params`: the request named something that does not exist. */
export class ThreadOrganizationError extends UsageError {
  constructor(
    message: string,
    readonly kind: 'request' | 'params',
  ) {
    super(message);
  }
}

export interface SectionAppearance {
  readonly color?: string | null;
  readonly icon?: string | null;
}

export interface ThreadSection {
  readonly id: string;
  readonly name: string;
  readonly appearance: { icon: string | null; color: string | null } | null;
}

export interface Page<T> {
  readonly data: T[];
  readonly nextCursor: string | null;
}

interface SectionRow {
  id: string;
  name: string;
  appearance: string | null;
}

function sectionOf(row: SectionRow): ThreadSection {
  const a = row.appearance === null ? null : (JSON.parse(row.appearance) as SectionAppearance | null);
  return { id: row.id, name: row.name, appearance: a ? { icon: a.icon ?? null, color: a.color ?? null } : null };
}

/** Codex stores an appearance with both keys, icon first. */
const appearanceText = (a: SectionAppearance | null | undefined): string | null => (a ? JSON.stringify({ icon: a.icon ?? null, color: a.color ?? null }) : null);

function nonEmptyName(name: string): string {
  if (name.trim() === '') throw new ThreadOrganizationError('section name must not be empty', 'params');
  return name;
}

export class ThreadSections {
  readonly #db: BetterSqlite3.Database;

  constructor(
    store: OrganizationDb,
    private readonly now: () => number = Date.now,
  ) {
    this.#db = store.db;
  }

  list(cursor: string | null | undefined, limit: number | null | undefined): Page<ThreadSection> {
    const max = limit ?? -1;
    const rows = this.#db
      .prepare('SELECT id, name, appearance FROM thread_sections WHERE id > ? ORDER BY id LIMIT ?')
      .all(cursor ?? '', max < 0 ? -1 : max + 1) as SectionRow[];
    const more = max >= 0 && rows.length > max;
    const page = more ? rows.slice(0, max) : rows;
    return { data: page.map(sectionOf), nextCursor: more ? (page.at(-1)?.id ?? null) : null };
  }

  get(id: string): ThreadSection | undefined {
    const row = this.#db.prepare('SELECT id, name, appearance FROM thread_sections WHERE id = ?').get(id) as SectionRow | undefined;
    return row && sectionOf(row);
  }

  #existing(id: string): ThreadSection {
    const found = this.get(id);
    if (!found) throw new ThreadOrganizationError(`thread section not found: ${id}`, 'params');
    return found;
  }

  create(name: string, appearance: SectionAppearance | null | undefined): ThreadSection {
    const id = newThreadId(this.now());
    this.#db.prepare('INSERT INTO thread_sections (id, name, appearance) VALUES (?, ?, ?)').run(id, nonEmptyName(name), appearanceText(appearance));
    return this.#existing(id);
  }

  /** `appearance` undefined keeps the stored one; null clears it. */
  update(id: string, name: string, appearance: SectionAppearance | null | undefined): ThreadSection {
    const current = this.#existing(id);
    const text = appearance === undefined ? (current.appearance ? JSON.stringify(current.appearance) : null) : appearanceText(appearance);
    this.#db.prepare('UPDATE thread_sections SET name = ?, appearance = ? WHERE id = ?').run(nonEmptyName(name), text, id);
    return this.#existing(id);
  }

  /** Deletes a section; its threads leave it (Codex keeps them, outside any section). */
  delete(id: string): void {
    if (id === PINNED_SECTION.id) throw new ThreadOrganizationError('the built-in pinned section cannot be deleted', 'params');
    this.#existing(id);
    this.#db.transaction(() => {
      this.#db.prepare('UPDATE threads SET thread_section_id = NULL, section_position = NULL, section_entered_at_ms = NULL WHERE thread_section_id = ?').run(id);
      this.#db.prepare('DELETE FROM thread_sections WHERE id = ?').run(id);
    })();
  }

  /** The section a thread is in, and when it entered it (milliseconds). */
  placement(threadId: string): { section: ThreadSection; enteredAtMs: number | null } | undefined {
    const row = this.#db.prepare('SELECT thread_section_id AS s, section_entered_at_ms AS at FROM threads WHERE id = ?').get(threadId) as { s: string | null; at: number | null } | undefined;
    const section = row?.s ? this.get(row.s) : undefined;
    return section && { section, enteredAtMs: row?.at ?? null };
  }

  #position(threadId: string): { s: string | null; p: number | null } | undefined {
    return this.#db.prepare('SELECT thread_section_id AS s, section_position AS p FROM threads WHERE id = ?').get(threadId) as { s: string | null; p: number | null } | undefined;
  }

  /** Renumbers a section's threads a step apart, in their order (when no integer is left between two). */
  #renumber(sectionId: string): void {
    const ids = this.#db.prepare('SELECT id FROM threads WHERE thread_section_id = ? ORDER BY section_position, id').pluck().all(sectionId) as string[];
    const set = this.#db.prepare('UPDATE threads SET section_position = ? WHERE id = ?');
    ids.forEach((id, i) => set.run((i + 1) * POSITION_STEP, id));
  }

  #positionBefore(sectionId: string, threadId: string, beforeId: string, renumbered = false): number {
    const before = this.#position(beforeId);
    if (!before || before.s !== sectionId || before.p === null) throw new ThreadOrganizationError(`before thread ${beforeId} is not in section ${sectionId}`, 'request');
    const prev = this.#db
      .prepare('SELECT MAX(section_position) FROM threads WHERE thread_section_id = ? AND section_position < ? AND id <> ?')
      .pluck()
      .get(sectionId, before.p, threadId) as number | null;
    const at = Math.floor(((prev ?? 0) + before.p) / 2);
    if (at > (prev ?? 0) && at < before.p) return at;
    if (renumbered) throw new ThreadOrganizationError(`no room before thread ${beforeId} in section ${sectionId}`, 'request');
    this.#renumber(sectionId);
    return this.#positionBefore(sectionId, threadId, beforeId, true);
  }

  /**
   * Moves a thread into, within or out of (null) a section, before `beforeId` or last. The thread's
   * row must exist (ensureThreadRow); a section or neighbour that does not exist is refused.
   */
  move(threadId: string, sectionId: string | null, beforeId: string | null | undefined): void {
    if (sectionId === null) {
      this.#db.prepare('UPDATE threads SET thread_section_id = NULL, section_position = NULL, section_entered_at_ms = NULL WHERE id = ?').run(threadId);
      return;
    }
    if (!this.get(sectionId)) throw new ThreadOrganizationError(`section ${sectionId} does not exist`, 'request');
    if (beforeId === threadId) throw new ThreadOrganizationError(`thread ${threadId} cannot be moved before itself`, 'request');
    this.#db.transaction(() => {
      const position =
        beforeId != null
          ? this.#positionBefore(sectionId, threadId, beforeId)
          : ((this.#db.prepare('SELECT MAX(section_position) FROM threads WHERE thread_section_id = ? AND id <> ?').pluck().get(sectionId, threadId) as number | null) ?? 0) + POSITION_STEP;
      const current = this.#position(threadId);
      const enteredAt = current?.s === sectionId ? 'section_entered_at_ms' : '@now';
      this.#db
        .prepare(`UPDATE threads SET thread_section_id = @sectionId, section_position = @position, section_entered_at_ms = ${enteredAt} WHERE id = @threadId`)
        .run({ sectionId, position, threadId, now: this.now() });
    })();
  }
}
