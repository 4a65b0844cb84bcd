// Owns reading rollout files back: the whole file for resume (`readRollout`), or only its first
// chunk for listings (`readRolloutHead`, in rollout-head.ts). Damaged input never stops a read: a BOM, blank lines,
// malformed or torn lines and lines that fail their schema are skipped, each with a
// `<file>:<line>: <what>` warning, and every other line is kept with its byte offset.
import { open, readFile, stat } from 'node:fs/promises';
import type { z } from 'zod';
import { RolloutError, errorMessage } from '../errors.js';
import {
  CompactedPayload,
  CompactedPayloadHead,
  EventMsgPayload,
  RolloutEnvelope,
  SessionMeta,
  TurnContextPayload,
} from '../../protocol/rollout.js';
import type { StoredRolloutLine } from '../../protocol/rollout.js';
import { ResponseItem } from '../../protocol/responses-items.js';
import { checkpointInBuffer, lastCheckpointOffset } from './rollout-checkpoint.js';
import { itemLineSkeleton } from './item-line-skeleton.js';
import { skeletonItemPayload, storedItemPayload, wasValidated } from './rollout-item-bytes.js';

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
   * Start at the last compaction checkpoint (see rollout-checkpoint.ts) instead of the top. Records
   * then carry byte offsets but no line numbers, and the session_meta line is not among them.
   */
  fromLastCheckpoint?: boolean;
}

/** Files up to this size are read whole and searched in memory; larger ones are searched backwards. */
const IN_MEMORY_LIMIT = 256 * 1024 * 1024;

const NL = 0x0a;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

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
 * Speed trade-off: resume of a long rollout must cost little more than JSON.parse of its lines.
 * - A response_item payload only has its discriminant checked here (an object with a string
 *   `type`). Those payloads are most of a long rollout's bytes (tool outputs, reasoning); validating
 *   them all would add a large share to resume, and many end up replaced by a compaction anyway.
 *   Code that needs a typed item calls `responseItemOf`, which validates fully and names the file
 *   and line on failure.
 * - The envelope and event_msg payloads (the most frequent small lines) are checked by hand against
 *   exactly what their zod schemas require (RolloutEnvelope, EventMsgPayload: string fields, loose
 *   otherwise); zod runs on them only to word the warning when that check fails.
 * - session_meta, turn_context and compacted lines are few and go through zod.
 */
function checkLine(value: unknown): string | undefined {
  if (!isRecordValue(value) || typeof value.timestamp !== 'string' || typeof value.type !== 'string') {
    const env = RolloutEnvelope.safeParse(value);
    return `not a rollout line: ${env.success ? 'not an object' : issueText(env.error)}`;
  }
  const { type, payload } = value;
  switch (type) {
    case 'response_item':
      if (!isRecordValue(payload) || typeof payload.type !== 'string') return 'response_item payload has no string "type"';
      return undefined;
    case 'event_msg':
      if (isRecordValue(payload) && typeof payload.type === 'string') return undefined;
      return schemaProblem(EventMsgPayload, payload, type) ?? 'invalid event_msg payload';
    case 'session_meta':
      return schemaProblem(SessionMeta, payload, type);
    case 'turn_context':
      return schemaProblem(TurnContextPayload, payload, type);
    case 'compacted':
      return schemaProblem(CompactedPayloadHead, payload, type);
    // Codex 0.169's extra lines: kept, nothing in them is needed to rebuild the history.
    case 'world_state':
    case 'token_usage_record':
      return isRecordValue(payload) ? undefined : `${type} payload is not an object`;
    default:
      return `unknown line type ${JSON.stringify(type)}`;
  }
}

function schemaProblem(schema: z.ZodType, payload: unknown, type: string): string | undefined {
  const r = schema.safeParse(payload);
  return r.success ? undefined : `invalid ${type} payload: ${issueText(r.error)}`;
}

/** A response_item line in compact form, parsed without decoding its long strings; else undefined. */
function parseItemSkeleton(buf: Buffer, start: number, end: number): StoredRolloutLine | undefined {
  const bytes = buf.subarray(start, buf[end - 1] === 0x0d ? end - 1 : end);
  const skeleton = itemLineSkeleton(bytes);
  if (!skeleton) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(skeleton.text);
  } catch {
    return undefined;
  }
  if (checkLine(value) !== undefined) return undefined;
  const line = value as StoredRolloutLine;
  if (line.type !== 'response_item') return undefined;
  const item = skeletonItemPayload(line.payload, skeleton.payload, skeleton.cutKeys);
  if (!item) return undefined;
  (line as { payload: unknown }).payload = item;
  return line;
}

/** Parses one line's bytes; returns the line or the reason it is skipped. */
export function parseLineBytes(buf: Buffer, start: number, end: number, lastUnterminated: boolean): StoredRolloutLine | string {
  const fast = parseItemSkeleton(buf, start, end);
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
  const problem = checkLine(value);
  if (problem !== undefined) return problem;
  // Checked above: a kept value has the shape of StoredRolloutLine.
  const line = value as StoredRolloutLine;
  if (line.type === 'response_item') (line as { payload: unknown }).payload = storedItemPayload(line.payload);
  return line;
}

/** Splits `buf` into lines from `from`, calling `each` per line (the last one may lack its `\n`). */
function forEachLine(buf: Buffer, from: number, each: (start: number, end: number, terminated: boolean) => void): void {
  let pos = from;
  while (pos < buf.length) {
    const nl = buf.indexOf(NL, pos);
    const end = nl === -1 ? buf.length : nl;
    each(pos, end, nl !== -1);
    pos = end + 1;
  }
}

/** Reads and checks a whole rollout. Only an unreadable file throws (RolloutError). */
export async function readRollout(path: string, options: ReadOptions = {}): Promise<RolloutRecord[]> {
  let buf: Buffer;
  let base = 0;
  try {
    if (options.fromLastCheckpoint && (await stat(path)).size > IN_MEMORY_LIMIT) {
      base = (await lastCheckpointOffset(path)) ?? 0;
      buf = base > 0 ? await readFrom(path, base) : await readFile(path);
    } else {
      buf = await readFile(path);
      if (options.fromLastCheckpoint) {
        base = checkpointInBuffer(buf) ?? 0;
        buf = buf.subarray(base);
      }
    }
  } catch (err) {
    throw new RolloutError(`cannot read rollout ${path}: ${errorMessage(err)}`, path, { cause: err });
  }
  const warn = options.onWarning ?? (() => undefined);
  const records: RolloutRecord[] = [];
  let from = 0;
  if (base > 0) {
    // Read from a checkpoint: line numbers are unknown, so warnings and records name byte offsets.
    forEachLine(buf, 0, (start, end, terminated) => {
      const parsed = parseLineBytes(buf, start, end, !terminated);
      if (typeof parsed === 'string') warn(`${path}@${base + start}: ${parsed}; line skipped`);
      else records.push({ line: parsed, lineNo: 0, offset: base + start, length: end - start });
    });
    return records;
  }
  if (buf.subarray(0, 3).equals(BOM)) {
    warn(`${path}:1: UTF-8 byte order mark skipped`);
    from = 3;
  }
  let lineNo = 0;
  forEachLine(buf, from, (start, end, terminated) => {
    lineNo += 1;
    const parsed = parseLineBytes(buf, start, end, !terminated);
    if (typeof parsed === 'string') warn(`${path}:${lineNo}: ${parsed}; line skipped`);
    else records.push({ line: parsed, lineNo, offset: start, length: end - start });
  });
  return records;
}

async function readFrom(path: string, offset: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    const buf = Buffer.alloc(Math.max(0, size - offset));
    let done = 0;
    while (done < buf.length) {
      const { bytesRead } = await fh.read(buf, done, buf.length - done, offset + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return buf.subarray(0, done);
  } finally {
    await fh.close();
  }
}

function payloadOf(record: RolloutRecord, type: string, file: string): unknown {
  if (record.line.type !== type) {
    throw new RolloutError(`${file}:${record.lineNo}: expected a ${type} line, found ${record.line.type}`, file);
  }
  return record.line.payload;
}

/** The record's item, validated (the reader validates as it reads; this names the line when that failed). */
export function responseItemOf(record: RolloutRecord, file = '<rollout>'): ResponseItem {
  const payload = payloadOf(record, 'response_item', file);
  if (wasValidated(payload)) return payload;
  const r = ResponseItem.safeParse(payload);
  if (!r.success) throw new RolloutError(`${file}:${record.lineNo}: invalid response_item payload: ${issueText(r.error)}`, file);
  return r.data;
}

/** Fully validates a compacted record, replacement history included. */
export function compactedOf(record: RolloutRecord, file = '<rollout>'): CompactedPayload {
  const payload = payloadOf(record, 'compacted', file);
  const r = CompactedPayload.safeParse(
    isRecordValue(payload) && payload.replacement_history === null ? { ...payload, replacement_history: undefined } : payload,
  );
  if (!r.success) throw new RolloutError(`${file}:${record.lineNo}: invalid compacted payload: ${issueText(r.error)}`, file);
  return r.data;
}
