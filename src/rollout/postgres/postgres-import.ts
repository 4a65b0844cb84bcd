// Importing a rollout's bytes as a thread of the Postgres store: idempotent and resumable. A thread
// already holding all the bytes is left alone; one holding a prefix of them (an import cut short)
// gets the rest; one holding other bytes is refused. The lines go in batches, each its own
// transaction, so an interrupted import keeps what it committed and a re-run completes it.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Pool } from 'pg';
import { RolloutError } from '../../errors.js';
import type { ImportOutcome, ImportRolloutOptions } from '../thread-store.js';
import { parseRolloutFileName } from '../store/paths.js';
import { lineFacts, splitLines } from './line-facts.js';
import { appendLines, insertThreadRow, threadRowState } from './thread-rows.js';

const BATCH_BYTES = 8 * 1024 * 1024;
const BATCH_LINES = 2000;

export async function importPostgresRollout(pool: Pool, key: string, bytes: Buffer, opts: ImportRolloutOptions = {}): Promise<ImportOutcome> {
  const name = parseRolloutFileName(path.basename(key));
  if (!name) throw new RolloutError(`cannot import ${key}: not a rollout name (rollout-<time>-<id>.jsonl)`, key);
  let state = await threadRowState(pool, key);
  if (!state) {
    // A new row holds nothing; a row another import created meanwhile is read back.
    state = (await insertThreadRow(pool, key, name.id, name.fileTs))
      ? { lineCount: 0, byteCount: 0, tornEnd: false, hasSessionMeta: false, hasPreview: false, hasFallbackPreview: false }
      : await threadRowState(pool, key);
    if (!state) throw new RolloutError(`cannot import ${key}: its row vanished while it was being created`, key);
  }
  const held = state.byteCount;
  if (held > bytes.length || !(await holdsPrefix(pool, key, bytes.subarray(0, held)))) {
    throw new RolloutError(`cannot import ${key}: a different thread is already stored under that name; remove it first or import under another home`, key);
  }
  if (held === bytes.length) return 'present';
  const known = { sessionMeta: state.hasSessionMeta, preview: state.hasPreview, fallbackPreview: state.hasFallbackPreview };
  let seq = state.lineCount;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  const commit = async (): Promise<void> => {
    const facts = lineFacts(batch, known);
    await appendLines(pool, key, seq, batch, facts, opts.updatedAt);
    seq += batch.length;
    known.sessionMeta ||= facts.sessionMeta !== undefined;
    known.preview ||= facts.preview !== undefined;
    known.fallbackPreview ||= facts.fallbackPreview !== undefined;
    batch = [];
    batchBytes = 0;
  };
  for (const line of splitLines(bytes, held)) {
    batch.push(line);
    batchBytes += line.length;
    if (batchBytes >= BATCH_BYTES || batch.length >= BATCH_LINES) await commit();
  }
  if (batch.length > 0) await commit();
  return held === 0 ? 'imported' : 'completed';
}

/** Whether the thread's stored bytes are exactly `prefix` (compared by digest, computed by the server). */
async function holdsPrefix(pool: Pool, key: string, prefix: Buffer): Promise<boolean> {
  if (prefix.length === 0) return true;
  const { rows } = await pool.query<{ digest: string | null }>(
    `SELECT md5(string_agg(line, ''::bytea ORDER BY seq)) AS digest FROM weft_rollout_lines WHERE thread_key = $1`,
    [key],
  );
  return rows[0]?.digest === createHash('md5').update(prefix).digest('hex');
}
