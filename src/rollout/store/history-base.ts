// Codex 0.169 forks do not copy their parent's lines: the fork's session_meta names a `history_base`
// (the parent thread and the ordinal where the fork left it), and the history is the parent's lines
// before that ordinal followed by the fork's own. This resolves that chain (a fork of a fork too) into
// one list of records, the fork's own session_meta first, as a 0.98 fork file would read.
import { RolloutError } from '../../errors.js';
import { findRolloutPath } from './paths.js';
import { readRollout, type ReadOptions, type RolloutRecord } from '../format/reader.js';

/** The parent and end ordinal a paginated fork's first line points at, if it does. */
export function historyBaseOf(records: readonly RolloutRecord[]): { threadId: string; endOrdinal: number } | undefined {
  const first = records[0];
  if (first?.line.type !== 'session_meta') return undefined;
  const base = first.line.payload.history_base;
  if (typeof base?.thread_id !== 'string' || typeof base.end_ordinal_exclusive !== 'number') return undefined;
  return { threadId: base.thread_id, endOrdinal: base.end_ordinal_exclusive };
}

/** The line's `ordinal`, else its position in the file (rollouts without ordinals). */
function ordinalOf(record: RolloutRecord, index: number): number {
  return record.line.ordinal ?? index;
}

export async function withHistoryBase(
  records: RolloutRecord[],
  file: string,
  home: string,
  options: ReadOptions = {},
  depth = 0,
): Promise<RolloutRecord[]> {
  const base = historyBaseOf(records);
  if (!base) return records;
  if (depth > 64) throw new RolloutError(`${file}: history_base chain is too long (a cycle?)`, file);
  const parentFile = await findRolloutPath(home, base.threadId);
  if (parentFile === undefined) {
    throw new RolloutError(`${file}: forked from thread ${base.threadId}, whose rollout is not under ${home}/sessions`, file);
  }
  // The parent's lines up to the fork point, read from its top.
  const parent = await withHistoryBase(await readRollout(parentFile, { ...options, fromLastCheckpoint: false }), parentFile, home, options, depth + 1);
  const kept = parent.filter((record, index) => ordinalOf(record, index) < base.endOrdinal);
  return [records[0] as RolloutRecord, ...kept, ...records.slice(1)];
}
