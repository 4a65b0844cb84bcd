// Resume from the last compaction instead of the top of the file. weft's `compacted` lines carry
// the rebuilt history (`replacement_history`), so the state after one is complete: everything
// before it can be skipped. The search reads the file backwards in chunks with a byte search for
// the marker, and parses only the lines it hits, so its cost follows the tail, not the file.
import { open, type FileHandle } from 'node:fs/promises';

const CHUNK = 4 * 1024 * 1024;
const NL = 0x0a;
const COMPACTED = Buffer.from('"type":"compacted"');
const HISTORY = Buffer.from('"replacement_history"');
const TURN_CONTEXT = Buffer.from('"type":"turn_context"');
/** A compaction writes its turn_context a few lines before its `compacted` line. */
const LOOKBACK_BYTES = 1024 * 1024;

/**
 * Where resume may start: the turn_context line that opens the last compaction holding a
 * replacement history (so the turn settings and token counts recorded with it are read too), or
 * that `compacted` line itself. Undefined when the rollout has no such compaction.
 */
export async function lastCheckpointOffset(path: string): Promise<number | undefined> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    const checkpoint = await lastLineWith(fh, 0, size, COMPACTED, isCheckpoint);
    if (checkpoint === undefined) return undefined;
    const from = Math.max(0, checkpoint - LOOKBACK_BYTES);
    return (await lastLineWith(fh, from, checkpoint, TURN_CONTEXT, () => true)) ?? checkpoint;
  } finally {
    await fh.close();
  }
}

/**
 * The start offset of the last line in [from, to) containing `needle` that `accept` takes. Chunks
 * overlap by the needle's length so a marker split between two reads is still found.
 */
async function lastLineWith(
  fh: FileHandle,
  from: number,
  to: number,
  needle: Buffer,
  accept: (line: Buffer) => boolean,
): Promise<number | undefined> {
  let end = to;
  while (end > from) {
    const start = Math.max(from, end - CHUNK);
    const chunk = Buffer.alloc(end - start);
    await fh.read(chunk, 0, chunk.length, start);
    for (let hit = chunk.lastIndexOf(needle); hit !== -1; hit = hit > 0 ? chunk.lastIndexOf(needle, hit - 1) : -1) {
      const line = await lineAround(fh, start + hit, to);
      if (accept(line.bytes)) return line.start;
    }
    if (start === from) break;
    end = start + needle.length - 1;
  }
  return undefined;
}

/** The whole line holding the byte at `pos` (lines are read in full, whatever their length). */
async function lineAround(fh: FileHandle, pos: number, limit: number): Promise<{ start: number; bytes: Buffer }> {
  let start = pos;
  const probe = Buffer.alloc(64 * 1024);
  for (;;) {
    const at = Math.max(0, start - probe.length);
    const n = start - at;
    if (n === 0) break;
    await fh.read(probe, 0, n, at);
    const nl = probe.subarray(0, n).lastIndexOf(NL);
    if (nl !== -1) {
      start = at + nl + 1;
      break;
    }
    start = at;
  }
  let end = pos;
  for (;;) {
    const n = Math.min(probe.length, limit - end);
    if (n <= 0) break;
    await fh.read(probe, 0, n, end);
    const nl = probe.subarray(0, n).indexOf(NL);
    if (nl !== -1) {
      end += nl;
      break;
    }
    end += n;
  }
  const bytes = Buffer.alloc(end - start);
  await fh.read(bytes, 0, bytes.length, start);
  return { start, bytes };
}

/** Writers put a line's `type` near its start; only this much of each line is searched for it. */
const TYPE_WITHIN_BYTES = 160;

/** Whether the line's head holds `marker` (a `"type":"…"` pair): a type test without a parse. */
export function lineHeadHas(line: Buffer, marker: Buffer): boolean {
  return line.subarray(0, TYPE_WITHIN_BYTES).includes(marker);
}

/**
 * The same search in a rollout already in memory, without I/O: one pass over the line ends, looking
 * for the type markers only in each line's head (a byte search of every payload would cost more).
 * A line whose type comes later is not a checkpoint here, which only means reading more of the file.
 */
export function checkpointInBuffer(buf: Buffer): number | undefined {
  const compacted: [number, number][] = [];
  const contexts: number[] = [];
  for (let start = 0; start < buf.length; ) {
    const nl = buf.indexOf(NL, start);
    const end = nl === -1 ? buf.length : nl;
    const line = buf.subarray(start, end);
    if (lineHeadHas(line, COMPACTED)) compacted.push([start, end]);
    else if (lineHeadHas(line, TURN_CONTEXT)) contexts.push(start);
    start = end + 1;
  }
  for (let i = compacted.length - 1; i >= 0; i--) {
    const [start, end] = compacted[i] as [number, number];
    if (!isCheckpoint(buf.subarray(start, end))) continue;
    const context = contexts.findLast((at) => at < start);
    return context !== undefined && context >= start - LOOKBACK_BYTES ? context : start;
  }
  return undefined;
}

function isCheckpoint(line: Buffer): boolean {
  if (!line.includes(HISTORY)) return false;
  try {
    const value = JSON.parse(line.toString('utf8')) as { type?: unknown; payload?: { replacement_history?: unknown } };
    return value.type === 'compacted' && Array.isArray(value.payload?.replacement_history);
  } catch {
    return false;
  }
}
