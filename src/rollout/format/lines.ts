// Splits a rollout file into lines, reading it in chunks: memory stays at two chunks whatever the
// file's size, and the next chunk is read while this one is parsed. Chunk buffers are reused, so a
// visitor must not keep a view of `buf` past its call (copy what it keeps, or keep a file range).
import type { RolloutFile } from './file.js';

const NL = 0x0a;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * One line: bytes [start, end) of `buf`, without its `\n`, whose first byte is at `offset` in the
 * file; `terminated` is false for a last line without a newline. Returns true to stop reading.
 */
export type LineVisitor = (buf: Buffer, start: number, end: number, offset: number, terminated: boolean) => boolean | void;

export interface LineOptions {
  /** File offset to start at (a line start). */
  from?: number;
  /** Bytes per read. */
  chunkBytes?: number;
  /** Stop after reading this many bytes; a line still unfinished there is not visited. */
  maxBytes?: number;
  /** Called when the file starts with a UTF-8 byte order mark, which is skipped. */
  onBom?: () => void;
  /**
   * Read the next chunk while visiting this one (default). Off for readers that expect to stop
   * early, such as a listing reading heads, which would otherwise read a chunk for nothing.
   */
  readAhead?: boolean;
}

/** Visits the lines of `file` in order; resolves with the bytes read. */
export async function eachLine(file: RolloutFile, visit: LineVisitor, options: LineOptions = {}): Promise<number> {
  const chunkBytes = options.chunkBytes ?? 1024 * 1024;
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const from = options.from ?? 0;
  const readAhead = options.readAhead ?? true;
  let current = Buffer.allocUnsafe(chunkBytes);
  // A second buffer only for reading ahead: without it, the next read waits until the chunk is used.
  let spare = readAhead ? Buffer.allocUnsafe(chunkBytes) : undefined;
  let pos = from;
  let pending: Promise<number> | undefined = file.readInto(current, pos);
  const stop = async (): Promise<number> => {
    // Never leave a read in flight: the caller may close the file next.
    await pending?.catch(() => 0);
    return pos - from;
  };
  /** The start of a line that continues into the next chunk(s), copied out of the reused buffers. */
  let carry: Buffer[] = [];
  let carryAt = 0;

  try {
    while (pending) {
      const n = await pending;
      if (n === 0) break;
      const chunkAt = pos;
      pos += n;
      const chunk = current.subarray(0, n);
      if (spare) [current, spare] = [spare, current];
      // The next read goes into the other buffer, which nobody looks at any more.
      const more = pos - from < maxBytes;
      pending = more && readAhead ? file.readInto(current, pos) : undefined;

      let start = 0;
      if (chunkAt === 0 && chunk.subarray(0, 3).equals(BOM)) {
        options.onBom?.();
        start = 3;
      }
      if (carry.length > 0) {
        const nl = chunk.indexOf(NL);
        if (nl === -1) {
          // A line longer than a chunk: its pieces are joined once, when its end is found.
          carry.push(Buffer.from(chunk));
          if (more && !readAhead) pending = file.readInto(current, pos);
          continue;
        }
        const line = Buffer.concat([...carry, chunk.subarray(0, nl)]);
        carry = [];
        if (visit(line, 0, line.length, carryAt, true)) return await stop();
        start = nl + 1;
      }
      for (let nl = chunk.indexOf(NL, start); nl !== -1; nl = chunk.indexOf(NL, start)) {
        if (visit(chunk, start, nl, chunkAt + start, true)) return await stop();
        start = nl + 1;
      }
      if (start < chunk.length) {
        carry = [Buffer.from(chunk.subarray(start))];
        carryAt = chunkAt + start;
      }
      if (more && !readAhead) pending = file.readInto(current, pos);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  if (carry.length > 0 && pos - from < maxBytes) {
    const line = Buffer.concat(carry);
    visit(line, 0, line.length, carryAt, false);
  }
  return pos - from;
}
