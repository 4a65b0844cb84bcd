// What a resume reads, in one pass over the rollout, with a cache beside it (protocol/resume-index.ts).
//
// Without a usable index: the records from the last checkpoint on (reader.ts), and when they start
// after the session_meta, the file's first lines for it, from the same open file. With one: the
// records it stores, then only the lines appended since it was written. The index is used only when
// the file still holds the bytes it covers (same inode, at least as long, same last bytes there):
// Codex and other tools append to the same files, and a file rewritten in place is read again.
// Its lines are checked again as the reader checks every line (a stale or damaged index is ignored).
import { open, rename, rm } from 'node:fs/promises';
import { RESUME_INDEX_FORMAT, ResumeIndexHeader, ResumeIndexRecord } from '../../../protocol/resume-index.js';
import { SessionMeta, type StoredRolloutLine } from '../../../protocol/rollout.js';
import { rawJsonOf, skeletonOf } from '../../history/raw-json.js';
import { RolloutFile } from '../format/file.js';
import { PRIVATE_FILE_MODE } from '../store/file-modes.js';
import { eachLine } from '../format/lines.js';
import { acceptLine, acceptSkeletonLine, parseLineBytes, readOpenRollout, type OpenRead, type ReadCursor, type ReadOptions, type RolloutRecord } from '../format/reader.js';
import { REJECTED, verdictOf } from './schema-verdict.js';

export const indexPathOf = (rolloutPath: string): string => `${rolloutPath}.resume-index`;

/** Below this size a rollout is simply read: its index would save less than it costs to keep. */
export const MIN_INDEXED_BYTES = 1024 * 1024;

/**
 * A usable index is written again only once this much was appended after it: every turn appends,
 * and rewriting the index on every resume would cost more than reading a few appended megabytes.
 */
export const REWRITE_AFTER_BYTES = 4 * 1024 * 1024;

/** How many of the covered bytes' last bytes the index keeps to check the file against. */
const TAIL_BYTES = 64;

/** How much of the file's start is searched for its session_meta. */
const HEAD_BYTES = 1024 * 1024;

export interface ReopenRead {
  readonly records: RolloutRecord[];
  /** session_meta when the records do not start with it (they start at a checkpoint). */
  readonly headMeta: SessionMeta | undefined;
}

export interface ReopenOptions extends Pick<ReadOptions, 'onWarning' | 'checkpointSearchBytes'> {
  /** Rollouts from this size on keep an index (MIN_INDEXED_BYTES). */
  minIndexedBytes?: number;
  /** Appended bytes after which a usable index is written again (REWRITE_AFTER_BYTES). */
  rewriteAfterBytes?: number;
}

/** The records a reopen needs, items left in the file, reading each part of the file at most once. */
export async function readForReopen(path: string, options: ReopenOptions = {}): Promise<ReopenRead> {
  const file = RolloutFile.open(path);
  try {
    const { size, ino } = file.identity();
    const indexed = size >= (options.minIndexedBytes ?? MIN_INDEXED_BYTES);
    const cached = indexed ? await loadIndex(path, file, ino) : undefined;
    const read = await readOpenRollout(file, { ...options, fromLastCheckpoint: true, itemBytes: 'file' }, cached?.cursor);
    const first = read.records[0]?.line;
    // The index keeps the session_meta even while the records start with it: a checkpoint may come.
    const meta = first?.type === 'session_meta' ? first.payload : cached ? cached.headMeta : await headMetaOf(file);
    if (indexed && (cached === undefined || read.end - cached.cursor.at >= (options.rewriteAfterBytes ?? REWRITE_AFTER_BYTES))) await saveIndex(path, file, ino, read, meta);
    return { records: read.records, headMeta: first?.type === 'session_meta' ? undefined : meta };
  } finally {
    file.release();
  }
}

/** The first session_meta before the first user message (what a listing shows as the thread's). */
async function headMetaOf(file: RolloutFile): Promise<SessionMeta | undefined> {
  let meta: SessionMeta | undefined;
  await eachLine(
    file,
    (buf, start, end, _offset, terminated) => {
      const parsed = parseLineBytes(buf, start, end, !terminated);
      if (typeof parsed === 'string') return false;
      if (parsed.type === 'session_meta') meta = parsed.payload;
      return meta !== undefined || (parsed.type === 'event_msg' && parsed.payload.type === 'user_message');
    },
    { maxBytes: HEAD_BYTES, chunkBytes: 64 * 1024, readAhead: false },
  );
  return meta;
}

interface CachedRead {
  readonly cursor: ReadCursor;
  readonly headMeta: SessionMeta | undefined;
}

/** The index's read of the file, when the index is there, whole, and covers bytes the file still holds. */
async function loadIndex(path: string, file: RolloutFile, ino: number): Promise<CachedRead | undefined> {
  let indexFile: RolloutFile;
  try {
    indexFile = RolloutFile.open(indexPathOf(path));
  } catch {
    return undefined; // none yet: built below
  }
  let header: ResumeIndexHeader | undefined;
  let usable = true;
  let complete = false;
  const records: RolloutRecord[] = [];
  try {
    await eachLine(indexFile, (buf, start, end, _offset, terminated) => {
      const value = parsedOrUndefined(buf, start, end);
      if (header === undefined) {
        header = verdictOf(ResumeIndexHeader, value) === REJECTED ? undefined : (value as ResumeIndexHeader);
        usable = header !== undefined && header.ino === ino && holdsTail(file, header) && validMeta(header.headMeta);
      } else {
        const line = terminated && verdictOf(ResumeIndexRecord, value) !== REJECTED ? lineOf(value as ResumeIndexRecord, file) : undefined;
        if (line === undefined) usable = false;
        else records.push({ line, lineNo: (value as ResumeIndexRecord).l, offset: (value as ResumeIndexRecord).o, length: (value as ResumeIndexRecord).n });
      }
      complete = terminated;
      return !usable;
    });
  } catch {
    usable = false; // unreadable: rebuilt below
  } finally {
    indexFile.release();
  }
  const h = header;
  if (!usable || !complete || h === undefined || records.length !== h.count) return undefined;
  return {
    cursor: { at: h.size, records, lineNo: h.lineNo ?? undefined, warnings: h.warnings },
    headMeta: h.headMeta === null || h.headMeta === undefined ? undefined : (h.headMeta as SessionMeta),
  };
}

function parsedOrUndefined(buf: Buffer, start: number, end: number): unknown {
  try {
    return JSON.parse(buf.toString('utf8', start, end));
  } catch {
    return undefined;
  }
}

function validMeta(meta: unknown): boolean {
  return meta === null || meta === undefined || verdictOf(SessionMeta, meta) !== REJECTED;
}

function holdsTail(file: RolloutFile, index: ResumeIndexHeader): boolean {
  const expected = Buffer.from(index.tail, 'base64');
  if (index.size < expected.length || file.size() < index.size) return false;
  const at = index.size - expected.length;
  const actual = Buffer.allocUnsafe(expected.length);
  return file.fill(actual, at) === expected.length && actual.equals(expected);
}

/** A stored record's line, checked as the reader checks it; undefined when it no longer passes. */
function lineOf(r: ResumeIndexRecord, file: RolloutFile): StoredRolloutLine | undefined {
  const { raw } = r;
  if (raw) return acceptSkeletonLine(r.line, () => file.range(raw.o, raw.n), raw.cut);
  const line = acceptLine(r.line);
  return typeof line === 'string' ? undefined : line;
}

/** The record as stored: an item backed by a range of the rollout keeps only its skeleton. */
function recordOf(record: RolloutRecord): ResumeIndexRecord {
  const { line } = record;
  const at = { o: record.offset, n: record.length, l: record.lineNo };
  const raw = line.type === 'response_item' ? rawJsonOf(line.payload) : undefined;
  if (raw === undefined || Buffer.isBuffer(raw)) return { ...at, line };
  const { skeleton, cut } = skeletonOf(line.payload);
  return { ...at, line: { ...line, payload: skeleton }, raw: { o: raw.offset, n: raw.length, cut } };
}

/**
 * Writes the index of what was read: only what lies within complete lines (a torn last line may be
 * completed by its writer). Written whole under another name, then renamed over the old one: a
 * concurrent reader sees the old index or the new, never a part. A failure leaves no index, which
 * only costs the next resume a full read.
 */
async function saveIndex(path: string, file: RolloutFile, ino: number, read: OpenRead, headMeta: SessionMeta | undefined): Promise<void> {
  const end = read.end;
  const tailLength = Math.min(TAIL_BYTES, end);
  const tail = Buffer.allocUnsafe(tailLength);
  if (file.fill(tail, end - tailLength) !== tailLength) return;
  const records = read.records.filter((r) => r.offset < end);
  const header: ResumeIndexHeader = {
    format: RESUME_INDEX_FORMAT,
    size: end,
    ino,
    tail: tail.toString('base64'),
    lineNo: read.lineNo ?? null,
    headMeta: headMeta ?? null,
    warnings: read.warnings.filter((w) => w.offset < end),
    count: records.length,
  };
  const target = indexPathOf(path);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    const out = await open(temp, 'w', PRIVATE_FILE_MODE);
    try {
      await out.write(`${JSON.stringify(header)}\n`);
      // In batches: never one string as large as the index.
      for (let i = 0; i < records.length; i += WRITE_BATCH) {
        await out.write(`${records.slice(i, i + WRITE_BATCH).map((r) => JSON.stringify(recordOf(r))).join('\n')}\n`);
      }
    } finally {
      await out.close();
    }
    await rename(temp, target);
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

/** Record lines written at a time. */
const WRITE_BATCH = 2000;

/** Removes a rollout's index (its rollout moved or went away); one that cannot be removed is left stale. */
export async function removeIndex(rolloutPath: string): Promise<void> {
  await rm(indexPathOf(rolloutPath), { force: true }).catch(() => undefined);
}
