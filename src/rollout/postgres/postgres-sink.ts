// The writer's sink for a thread kept in Postgres. The writer hands it bytes a chunk at a time; the
// complete lines are held and committed together — one transaction, with what they tell the listing —
// when the writer commits (before anything written is told to a client: see thread/durable-events.ts),
// flushes (a turn's end) or closes, or once they pass HOLD_BYTES. So a turn costs a few commits rather
// than one per line, and a line a client has been told of is in the database. The bytes of a line
// still being written (a long line comes in several chunks) wait in memory until its `\n` arrives.
import type { Pool } from 'pg';
import type { RolloutSink } from '../format/writer.js';
import { lineFacts, splitLines } from './line-facts.js';
import { appendLines, type ThreadRowState } from './thread-rows.js';

/** Complete lines held past this many bytes are committed at once (memory stays bounded). */
const HOLD_BYTES = 1024 * 1024;

export class PostgresSink implements RolloutSink {
  #pending: Buffer[] = [];
  #held: Buffer[] = [];
  #heldBytes = 0;
  #nextSeq: number;
  #known: { sessionMeta: boolean; preview: boolean; fallbackPreview: boolean };
  #failed = false;

  constructor(
    private readonly pool: Pool,
    private readonly key: string,
    state: Pick<ThreadRowState, 'lineCount' | 'hasSessionMeta' | 'hasPreview' | 'hasFallbackPreview'>,
  ) {
    this.#nextSeq = state.lineCount;
    this.#known = { sessionMeta: state.hasSessionMeta, preview: state.hasPreview, fallbackPreview: state.hasFallbackPreview };
  }

  async write(buf: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }> {
    // A copy: the writer reuses its chunk buffer for the next piece.
    const data = Buffer.from(buf.subarray(offset, offset + length));
    const lastNewline = data.lastIndexOf(0x0a);
    if (lastNewline === -1) {
      this.#pending.push(data);
      return { bytesWritten: length };
    }
    const complete = this.#pending.length === 0 ? data.subarray(0, lastNewline + 1) : Buffer.concat([...this.#pending, data.subarray(0, lastNewline + 1)]);
    this.#pending = lastNewline + 1 < data.length ? [data.subarray(lastNewline + 1)] : [];
    for (const line of splitLines(complete)) this.#held.push(line);
    this.#heldBytes += complete.length;
    if (this.#heldBytes >= HOLD_BYTES) await this.commit();
    return { bytesWritten: length };
  }

  /** Commits the held lines in one transaction (nothing when none are held). */
  async commit(): Promise<void> {
    if (this.#held.length === 0) return;
    const lines = this.#held;
    this.#held = [];
    this.#heldBytes = 0;
    try {
      await this.#commit(lines);
    } catch (err) {
      this.#failed = true;
      throw err;
    }
  }

  /**
   * Commits what is held; a line left unfinished (a writer stopped mid-line) is stored as it is: a
   * torn line, as in a file. After a failed commit (another writer appended) nothing more is tried.
   */
  async close(): Promise<void> {
    if (this.#failed) return;
    if (this.#pending.length > 0) {
      this.#held.push(Buffer.concat(this.#pending));
      this.#pending = [];
    }
    await this.commit();
  }

  async #commit(lines: Buffer[]): Promise<void> {
    const facts = lineFacts(lines, this.#known);
    await appendLines(this.pool, this.key, this.#nextSeq, lines, facts);
    this.#nextSeq += lines.length;
    if (facts.sessionMeta) this.#known.sessionMeta = true;
    if (facts.preview !== undefined) this.#known.preview = true;
    if (facts.fallbackPreview !== undefined) this.#known.fallbackPreview = true;
  }
}
