// A rollout line as the pieces of its JSON text, for lines that carry a long string (a 20 MB answer is
// written three times in a 0.169 turn: the display event, the item, the turn's last message). Built
// as one string, such a line costs several fresh copies of the answer (the JSON text, the line around
// it, its bytes), and on this kind of machine fresh memory is what is slow. As pieces, a long string is
// kept as it is and escaped a slice at a time while the bytes are written into reused buffers
// (writePieces, below). Joined, the pieces are exactly JSON.stringify's text.

import { writeMembers, writtenMemberByMember } from './json-members.js';
import { LONG_STRING, type LongStringCache } from './long-string-cache.js';
/** Deeper than this, a value is stringified whole (JSON.stringify also reports a cycle there). */
const MAX_DEPTH = 64;

/** The JSON string literal of `value` (quotes included), to be escaped when it is written. */
export class LongString {
  constructor(readonly value: string) {}
}

/** JSON text in pieces: text, and long strings not yet escaped. */
export type JsonPiece = string | LongString;

/** Whether a long string occurs in `value`, where JSON.stringify would write it. */
function hasLongString(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.length >= LONG_STRING;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH || !writtenMemberByMember(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasLongString(v, depth + 1));
  for (const key in value) {
    if (Object.hasOwn(value, key) && hasLongString((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * The JSON text of `value` as pieces, appended to `out`: one piece (JSON.stringify's text) unless a
 * long string occurs in it. @throws as JSON.stringify does (a cycle, a BigInt); undefined as the whole
 * value gives no piece.
 */
export function jsonPieces(value: unknown, out: JsonPiece[] = []): JsonPiece[] {
  if (!hasLongString(value, 0)) {
    const text = JSON.stringify(value) as string | undefined;
    if (text !== undefined) out.push(text);
    return out;
  }
  walk(value, 0, out);
  return out;
}

function walk(value: unknown, depth: number, out: JsonPiece[]): void {
  if (typeof value === 'string' && value.length >= LONG_STRING) {
    out.push(new LongString(value));
    return;
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH || !writtenMemberByMember(value) || !hasLongString(value, depth)) {
    out.push(JSON.stringify(value) ?? 'null');
    return;
  }
  writeMembers(value, out, (v) => walk(v, depth + 1, out));
}

/** Slices of a long string are escaped this many characters at a time. */
const SLICE = 16 * 1024;

/**
 * The escaped text of a long string, slice by slice, quotes included. A slice never ends between the
 * two halves of a surrogate pair, so each slice escapes as it does inside the whole string.
 */
export function* escapedSlices(value: string): Generator<string, void, undefined> {
  yield '"';
  for (let at = 0; at < value.length; ) {
    let end = Math.min(at + SLICE, value.length);
    const last = value.charCodeAt(end - 1);
    if (end < value.length && last >= 0xd800 && last <= 0xdbff) end--;
    const escaped = JSON.stringify(value.slice(at, end));
    yield escaped.slice(1, -1);
    at = end;
  }
  yield '"';
}

/** The pieces joined into one text (small lines, tests). */
export function joinPieces(pieces: readonly JsonPiece[]): string {
  return pieces.map((p) => (typeof p === 'string' ? p : [...escapedSlices(p.value)].join(''))).join('');
}

/** Bytes are gathered into buffers of this size before each write. */
export const CHUNK_BYTES = 1024 * 1024;

/** Whether `pieces` are worth writing a chunk at a time (a long string, or much text). */
export function isLong(pieces: readonly JsonPiece[]): boolean {
  let chars = 0;
  for (const p of pieces) {
    if (typeof p !== 'string') return true;
    chars += p.length;
  }
  return chars * 3 > CHUNK_BYTES;
}

/**
 * Writes the UTF-8 bytes of `pieces` through `write`, a chunk at a time, in `buf` (the writer's own,
 * reused from line to line, of CHUNK_BYTES): no copy of the whole text is ever made. A long string
 * whose arrived bytes `longStrings` holds is copied from them. `write` must be done with the buffer
 * when it resolves.
 */
export async function writePieces(
  pieces: readonly JsonPiece[],
  write: (buf: Buffer, length: number) => Promise<void>,
  buf: Buffer,
  longStrings: LongStringCache,
): Promise<void> {
  let at = 0;
  /** Bytes copied as they are (a long string's escaped text as it arrived, long-string-cache.ts). */
  const putBytes = async (bytes: Uint8Array): Promise<void> => {
    for (let from = 0; from < bytes.length; ) {
      if (at === CHUNK_BYTES) {
        await write(buf, at);
        at = 0;
      }
      const n = Math.min(CHUNK_BYTES - at, bytes.length - from);
      buf.set(bytes.subarray(from, from + n), at);
      at += n;
      from += n;
    }
  };
  const put = async (text: string): Promise<void> => {
    // A UTF-16 unit takes at most 3 bytes; a piece that may not fit goes after what is gathered.
    if (text.length * 3 > CHUNK_BYTES - at && at > 0) {
      await write(buf, at);
      at = 0;
    }
    if (text.length * 3 > CHUNK_BYTES) {
      const bytes = Buffer.from(text, 'utf8');
      await write(bytes, bytes.length);
      return;
    }
    at += buf.write(text, at, 'utf8');
  };
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      await put(piece);
      continue;
    }
    const stringified = longStrings.stringifiedBytesOf(piece.value);
    if (stringified) {
      await put('"');
      for (const bytes of stringified) await putBytes(bytes);
      await put('"');
    } else for (const slice of longStrings.escapedSlicesOf(piece.value, escapedSlices)) await put(slice);
  }
  if (at > 0) await write(buf, at);
}
