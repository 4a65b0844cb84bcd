// Owns reading rollout files back: the whole file for resume (`readRollout`); prefix.ts reads
// only a file's start. Damaged input never stops a read: a BOM, blank lines,
// malformed or torn lines and lines that fail their schema are skipped, each with a
// `<file>:<line>: <what>` warning, and every other line is kept with its byte offset.
import type { z } from 'zod';
import { RolloutError, errorMessage } from '../../errors.js';
import {
  InterAgentCommunicationMetadataPayload,
  CompactedPayload,
  CompactedPayloadHead,
  ResponseItemHead,
  RetainedContextPayload,
  RolloutEnvelope,
  SessionMeta,
  TurnContextPayload,
} from '../../../protocol/rollout.js';
import { knownEventKinds, KnownEventMsg, OtherEventMsg } from '../../../protocol/rollout-events.js';
import type { StoredRolloutLine } from '../../../protocol/rollout.js';
import { ResponseItem } from '../../../protocol/responses-items.js';
import { isModelInputKind, modelInputOnly } from './history-items.js';
import { CheckpointCut, lastCheckpointIn } from '../cache/checkpoint.js';
import { RolloutFile } from './file.js';
import { eachLine } from './lines.js';
import { REJECTED, verdictOf } from '../cache/schema-verdict.js';
import { itemLineSkeleton } from '../../bytes/item-line-skeleton.js';
import { acceptStoredItem, backItem, skeletonItemPayload, wasValidated } from './item-bytes.js';
import type { RawJson } from '../../history/raw-json.js';

export interface RolloutRecord {
  /** The line as parsed: payloads are the JSON values from the file, unknown fields kept. */
  line: StoredRolloutLine;
  /** 1-based line number in the file. */
  lineNo: number;
  /** Byte offset of the line's first byte in the file. */
  offset: number;
  /** Length of the line in bytes, without its `\n`. */
  length: number;
}

export interface ReadOptions {
  onWarning?: (message: string) => void;
  /**
   * Start at the last compaction checkpoint (see checkpoint.ts) instead of the top. Records
   * then carry byte offsets but no line numbers, and the session_meta line is not among them.
   */
  fromLastCheckpoint?: boolean;
  /** With `fromLastCheckpoint`: how much of the file's end is searched before reading (8 MB). */
  checkpointSearchBytes?: number;
  /**
   * What backs the items read from compact lines: a copy of their bytes (`memory`, the default), or
   * their range of the file (`file`: nothing of the file is kept in memory, and it stays open while
   * those items live; for a resume, which forwards them).
   */
  itemBytes?: 'memory' | 'file';
}

/**
 * How much of a rollout's end is searched for its last checkpoint before reading. Compactions come
 * every context window's worth of history, so the last one is usually this close to the end; when it
 * is not, the forward read still finds it, only after parsing what precedes it.
 */
const TAIL_SEARCH_BYTES = 8 * 1024 * 1024;

function isRecordValue(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function issueText(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'invalid';
  const where = first.path.length > 0 ? first.path.join('.') : '(root)';
  const more = error.issues.length > 1 ? ` (+${error.issues.length - 1} more)` : '';
  return `${where}: ${first.message}${more}`;
}

/**
 * Checks one parsed line; returns the reason it is refused, or undefined when it is kept.
 *
 * Every check is its zod schema's, through the check derived from it (schema-verdict.ts): resume
 * checks each line of a long rollout, and a zod parse per line would cost a large share of it. Zod
 * itself runs only to word the warning for a refused line.
 * - A response_item payload is refused here only when it has no string `type` (ResponseItemHead):
 *   an item of a kind weft knows is checked whole where it is stored (item-bytes.ts), once, and a
 *   line whose item the schema refuses is skipped there like any other; other kinds are kept.
 * - An event_msg of a kind weft reads is checked against that kind's schema (rollout-events.ts);
 *   any other kind only needs its string `type`, and is kept.
 * - Codex 0.169's extra lines (world_state, token_usage_record) only need an object payload: nothing
 *   in them is needed to rebuild the history; an inter_agent_communication_metadata line is checked
 *   against its schema (a boolean `trigger_turn`); a retained_context line needs its kind (and a
 *   numeric acceptance_order, when it has one: the input counter continues from it).
 */
function checkLine(value: unknown): string | undefined {
  const notALine = refusal(RolloutEnvelope, value);
  if (notALine !== undefined) return `not a rollout line: ${notALine}`;
  const { type, payload } = value as RolloutEnvelope;
  switch (type) {
    case 'response_item':
      return refusal(ResponseItemHead, payload) === undefined ? undefined : 'response_item payload has no string "type"';
    case 'event_msg':
      return isRecordValue(payload) && typeof payload.type === 'string' && knownEventKinds().has(payload.type)
        ? schemaProblem(KnownEventMsg, payload, type)
        : schemaProblem(OtherEventMsg, payload, type);
    case 'session_meta':
      return schemaProblem(SessionMeta, payload, type);
    case 'turn_context':
      return schemaProblem(TurnContextPayload, payload, type);
    case 'compacted':
      return schemaProblem(CompactedPayloadHead, payload, type);
    case 'world_state':
    case 'token_usage_record':
      return isRecordValue(payload) ? undefined : `${type} payload is not an object`;
    case 'inter_agent_communication_metadata':
      return schemaProblem(InterAgentCommunicationMetadataPayload, payload, type);
    case 'retained_context':
      return schemaProblem(RetainedContextPayload, payload, type);
    default:
      return `unknown line type ${JSON.stringify(type)}`;
  }
}

/** Undefined when the schema accepts `value`; otherwise zod's account of why not. */
function refusal(schema: z.ZodType, value: unknown): string | undefined {
  if (verdictOf(schema, value) !== REJECTED) return undefined;
  const r = schema.safeParse(value);
  return r.success ? undefined : issueText(r.error);
}

function schemaProblem(schema: z.ZodType, payload: unknown, type: string): string | undefined {
  const problem = refusal(schema, payload);
  return problem === undefined ? undefined : `invalid ${type} payload: ${problem}`;
}

/**
 * Where the line being parsed is in its file, so that its item is backed by that range of the file;
 * without one, the item keeps a copy of its bytes.
 */
export interface LineInFile {
  readonly file: RolloutFile;
  /** File offset of the line's first byte. */
  readonly offset: number;
}

/** A response_item line in compact form, parsed without decoding its long strings; else undefined. */
function parseItemSkeleton(buf: Buffer, start: number, end: number, at: LineInFile | undefined): StoredRolloutLine | undefined {
  const bytes = buf.subarray(start, buf[end - 1] === 0x0d ? end - 1 : end);
  const skeleton = itemLineSkeleton(bytes);
  if (!skeleton) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(skeleton.text);
  } catch {
    return undefined;
  }
  const { payloadStart, payloadEnd } = skeleton;
  const raw = (): RawJson =>
    at ? at.file.range(at.offset + payloadStart, payloadEnd - payloadStart) : Buffer.from(bytes.subarray(payloadStart, payloadEnd));
  return acceptSkeletonLine(value, raw, skeleton.cutKeys);
}

/**
 * A response_item line parsed from its skeleton (its long strings cut to ""), checked as the reader
 * checks it: the line with its item backed by `raw()` (the payload's bytes), or undefined when it is
 * not exactly a valid item line (the caller then parses the whole line).
 */
export function acceptSkeletonLine(value: unknown, raw: () => RawJson, cutKeys: readonly string[]): StoredRolloutLine | undefined {
  if (checkLine(value) !== undefined) return undefined;
  const line = value as StoredRolloutLine;
  if (line.type !== 'response_item') return undefined;
  const item = skeletonItemPayload(line.payload);
  if (!item) return undefined;
  line.payload = backItem(item, raw(), cutKeys);
  return line;
}

/**
 * Parses one line's bytes; returns the line or the reason it is skipped. Nothing returned holds a
 * view of `buf`, which the caller may reuse.
 */
export function parseLineBytes(buf: Buffer, start: number, end: number, lastUnterminated: boolean, at?: LineInFile): StoredRolloutLine | string {
  const fast = parseItemSkeleton(buf, start, end, at);
  if (fast) return fast;
  let text = buf.toString('utf8', start, end);
  if (text.endsWith('\r')) text = text.slice(0, -1);
  if (text.length === 0 || (text.charCodeAt(0) <= 0x20 && text.trim() === '')) return 'blank line';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return lastUnterminated ? 'truncated last line (no newline, not complete JSON)' : `malformed JSON: ${errorMessage(err)}`;
  }
  return acceptLine(value);
}

/** A line's parsed JSON checked as the reader checks every line: the line, or why it is skipped. */
export function acceptLine(value: unknown): StoredRolloutLine | string {
  const problem = checkLine(value);
  if (problem !== undefined) return problem;
  // Checked above: a kept value has the shape of StoredRolloutLine.
  const line = value as StoredRolloutLine;
  if (line.type !== 'response_item' || !isModelInputKind(line.payload) || acceptStoredItem(line.payload)) return line;
  return schemaProblem(ResponseItem, line.payload, line.type) ?? line;
}

/**
 * Reads and checks a whole rollout, in chunks. Only an unreadable file throws (RolloutError).
 *
 * With `fromLastCheckpoint`, the tail of a large file is searched for the last checkpoint first and
 * reading starts there; otherwise the whole file is read, and the records before each checkpoint
 * met are let go as soon as it is.
 */
export async function readRollout(path: string, options: ReadOptions = {}): Promise<RolloutRecord[]> {
  const file = RolloutFile.open(path);
  try {
    return (await readOpenRollout(file, options)).records;
  } finally {
    file.release();
  }
}

/** A warning about a line, with the line's offset (a checkpoint met later drops it with the line). */
export interface LineWarning {
  readonly offset: number;
  readonly text: string;
}

/** Where a read goes on from: what an earlier read of the same file's start left (resume-index.ts). */
export interface ReadCursor {
  /** File offset of the first line not read yet. */
  readonly at: number;
  /** The records read before `at`, as that read kept them (from the top, or from a checkpoint). */
  readonly records: RolloutRecord[];
  /** Lines before `at` when the records were read from the top (they carry line numbers), else undefined. */
  readonly lineNo: number | undefined;
  /** The warnings that read gave about the lines it kept. */
  readonly warnings: readonly LineWarning[];
}

export interface OpenRead {
  readonly records: RolloutRecord[];
  /** The warnings given (each was also passed to `onWarning`). */
  readonly warnings: readonly LineWarning[];
  /** Offset just past the last line ended by a newline: where a later read of appended lines starts. */
  readonly end: number;
  /** Lines up to `end`, when the records carry line numbers. */
  readonly lineNo: number | undefined;
}

/** A checkpoint rule that has seen `records` (already cut by it): it goes on from there. */
function cutAfter(records: readonly RolloutRecord[]): CheckpointCut {
  const cut = new CheckpointCut();
  const seen: RolloutRecord[] = [];
  for (const record of records) {
    seen.push(record);
    cut.keepFrom(seen);
  }
  return cut;
}

/**
 * readRollout on a file already open; with `cursor`, only the lines from `cursor.at` on are read,
 * after the records given (the checkpoint rule applies across both with `fromLastCheckpoint`).
 */
export async function readOpenRollout(file: RolloutFile, options: ReadOptions, cursor?: ReadCursor): Promise<OpenRead> {
  const { path } = file;
  const warn = options.onWarning ?? (() => undefined);
  const inFile = options.itemBytes === 'file';
  const searchBytes = options.checkpointSearchBytes ?? TAIL_SEARCH_BYTES;
  let from: number;
  let checkpoints: CheckpointCut | undefined;
  let records: RolloutRecord[];
  // Reading forwards to a checkpoint, the warnings about lines it makes unneeded are dropped with them.
  let held: LineWarning[];
  let lineNo: number;
  let numbered: boolean;
  if (cursor) {
    from = cursor.at;
    records = cursor.records;
    held = [...cursor.warnings];
    numbered = cursor.lineNo !== undefined;
    lineNo = cursor.lineNo ?? 0;
    checkpoints = options.fromLastCheckpoint ? cutAfter(records) : undefined;
  } else {
    from = options.fromLastCheckpoint ? ((await lastCheckpointIn(file, searchBytes)) ?? 0) : 0;
    records = [];
    held = [];
    numbered = from === 0;
    lineNo = 0;
    checkpoints = options.fromLastCheckpoint && from === 0 ? new CheckpointCut() : undefined;
  }
  const warnAt = (offset: number, text: string): void => void held.push({ offset, text });
  let end = from;
  let endLineNo = lineNo;
  await eachLine(
    file,
    (buf, start, stop, offset, terminated) => {
      lineNo += 1;
      if (terminated) {
        end = offset + (stop - start) + 1;
        endLineNo = lineNo;
      }
      const parsed = parseLineBytes(buf, start, stop, !terminated, inFile ? { file, offset } : undefined);
      if (typeof parsed === 'string') {
        // Read from a checkpoint, line numbers are unknown: warnings and records name byte offsets.
        const where = numbered ? `${path}:${lineNo}` : `${path}@${offset}`;
        warnAt(offset, `${where}: ${parsed}; line skipped`);
        return;
      }
      records.push({ line: parsed, lineNo: numbered ? lineNo : 0, offset, length: stop - start });
      const keep = checkpoints?.keepFrom(records) ?? 0;
      if (keep > 0) {
        records = records.slice(keep);
        const first = (records[0] as RolloutRecord).offset;
        held = held.filter((w) => w.offset > first);
      }
    },
    { from, onBom: () => warnAt(0, `${path}:1: UTF-8 byte order mark skipped`) },
  );
  // Every resume says again what it skips, the warnings a cursor carries over included.
  for (const w of held) warn(w.text);
  return { records, warnings: held, end, lineNo: numbered ? endLineNo : undefined };
}

function wrongLine(record: RolloutRecord, type: string, file: string): RolloutError {
  return new RolloutError(`${file}:${record.lineNo}: expected a ${type} line, found ${record.line.type}`, file);
}

/**
 * The record's item when it is model input: undefined for a ghost snapshot or an item of a kind weft
 * does not know (kept in the records, left out of any history).
 */
export function historyItemOf(record: RolloutRecord, file = '<rollout>'): ResponseItem | undefined {
  const { line } = record;
  return line.type === 'response_item' && !isModelInputKind(line.payload) ? undefined : responseItemOf(record, file);
}

/** The record's item, validated (the reader validates as it reads; this names the line when that failed). */
export function responseItemOf(record: RolloutRecord, file = '<rollout>'): ResponseItem {
  const { line } = record;
  if (line.type !== 'response_item') throw wrongLine(record, 'response_item', file);
  const payload = line.payload;
  if (wasValidated(payload)) return payload;
  const r = ResponseItem.safeParse(payload);
  if (!r.success) throw new RolloutError(`${file}:${record.lineNo}: invalid response_item payload: ${issueText(r.error)}`, file);
  return r.data;
}

/** Fully validates a compacted record, replacement history included (model input only). */
export function compactedOf(record: RolloutRecord, file = '<rollout>'): CompactedPayload {
  const { line } = record;
  if (line.type !== 'compacted') throw wrongLine(record, 'compacted', file);
  const history = line.payload.replacement_history;
  const r = CompactedPayload.safeParse(
    history === undefined ? line.payload : { ...line.payload, replacement_history: history === null ? undefined : modelInputOnly(history) },
  );
  if (!r.success) throw new RolloutError(`${file}:${record.lineNo}: invalid compacted payload: ${issueText(r.error)}`, file);
  return r.data;
}
