// A whole fork of a codex-0.169 thread needs three facts from its parent besides its session_meta:
// where its lines end (ordinal and byte offset) and which multi-agent version its last turn ran
// with. All three are in the parent's last lines, so a whole fork reads the tail, not the parent:
// its cost does not grow with the parent. When the tail does not settle them (a parent without
// ordinals, a torn end, no turn_context near the end), the caller reads the whole parent instead.
import { open, type FileHandle } from 'node:fs/promises';
import { lineHeadHas } from '../../rollout/cache/checkpoint.js';

export interface ParentTail {
  readonly endOrdinal: number;
  /** Just past the `\n` of the parent's last line. */
  readonly endByteOffset: number;
  /** From the last turn_context that names one; undefined when the tail reaches the top without one. */
  readonly multiAgentVersion: string | undefined;
}

const CHUNK = 256 * 1024;
const NL = 0x0a;
const TURN_CONTEXT = Buffer.from('"type":"turn_context"');

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function parse(bytes: Buffer): Obj | undefined {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return isObj(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Lines from the end of the file backwards (each without its `\n`), at most `maxBytes` read. */
async function* linesBackwards(fh: FileHandle, size: number, maxBytes: number): AsyncGenerator<{ start: number; bytes: Buffer }> {
  let end = size;
  let carry = Buffer.alloc(0);
  while (end > 0 && size - end < maxBytes) {
    const start = Math.max(0, end - CHUNK);
    const chunk = Buffer.alloc(end - start);
    await fh.read(chunk, 0, chunk.length, start);
    let buf = carry.length > 0 ? Buffer.concat([chunk, carry]) : chunk;
    for (let nl = buf.lastIndexOf(NL); nl !== -1; nl = buf.lastIndexOf(NL)) {
      yield { start: start + nl + 1, bytes: buf.subarray(nl + 1) };
      buf = buf.subarray(0, nl);
    }
    carry = Buffer.from(buf);
    end = start;
  }
  if (end === 0 && carry.length > 0) yield { start: 0, bytes: carry };
}

/** The parent's tail facts, or undefined when reading `maxBytes` of its end does not settle them. */
export async function parentTail(path: string, maxBytes = 8 * 1024 * 1024): Promise<ParentTail | undefined> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    let last: { endOrdinal: number; endByteOffset: number } | undefined;
    let reachedTop = false;
    for await (const line of linesBackwards(fh, size, maxBytes)) {
      if (line.start === 0) reachedTop = true;
      if (!last) {
        // The bytes after the last `\n` are a torn line (or nothing): the parent ends before them.
        if (line.start + line.bytes.length === size && line.bytes.length > 0) return undefined;
        if (line.bytes.length === 0) continue;
        const value = parse(line.bytes);
        if (typeof value?.ordinal !== 'number') return undefined;
        last = { endOrdinal: value.ordinal + 1, endByteOffset: line.start + line.bytes.length + 1 };
      }
      if (!lineHeadHas(line.bytes, TURN_CONTEXT)) continue;
      const payload = parse(line.bytes)?.payload;
      if (isObj(payload) && typeof payload.multi_agent_version === 'string') return { ...last, multiAgentVersion: payload.multi_agent_version };
    }
    return last && reachedTop ? { ...last, multiAgentVersion: undefined } : undefined;
  } finally {
    await fh.close();
  }
}
