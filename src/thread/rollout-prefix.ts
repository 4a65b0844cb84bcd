// Reading a rollout from its top only as far as a caller needs: a fork cut before the N-th user
// message reads up to that message, a listing reads a file's head. Lines are checked exactly as
// readRollout checks them, with the same `<file>:<line>` warnings for the lines it skips.
import { open } from 'node:fs/promises';
import { RolloutError, errorMessage } from '../errors.js';
import { parseLineBytes, type ReadOptions, type RolloutRecord } from './rollout-reader.js';

const NL = 0x0a;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export interface PrefixOptions extends Pick<ReadOptions, 'onWarning'> {
  /** Stop reading after this many bytes; a line still unfinished there is not parsed. */
  maxBytes?: number;
  /** Bytes per read. */
  chunkBytes?: number;
}

export interface RolloutPrefix {
  readonly records: RolloutRecord[];
  /** Bytes read from the file: at most `maxBytes`, rounded up to a whole read. */
  readonly bytesRead: number;
}

/** Records from the top until `enough` holds after one of them, the file ends or `maxBytes` are read. */
export async function readRolloutPrefix(
  path: string,
  enough: (record: RolloutRecord) => boolean,
  options: PrefixOptions = {},
): Promise<RolloutPrefix> {
  const warn = options.onWarning ?? (() => undefined);
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const chunkBytes = options.chunkBytes ?? 1024 * 1024;
  let fh;
  try {
    fh = await open(path, 'r');
  } catch (err) {
    throw new RolloutError(`cannot read rollout ${path}: ${errorMessage(err)}`, path, { cause: err });
  }
  const records: RolloutRecord[] = [];
  let lineNo = 0;
  /** Parses the line [start, end) of `buf`, whose first byte is at `offset` in the file; true to stop. */
  const take = (buf: Buffer, start: number, end: number, offset: number, terminated: boolean): boolean => {
    lineNo += 1;
    const parsed = parseLineBytes(buf, start, end, !terminated);
    if (typeof parsed === 'string') {
      warn(`${path}:${lineNo}: ${parsed}; line skipped`);
      return false;
    }
    const record = { line: parsed, lineNo, offset, length: end - start };
    records.push(record);
    return enough(record);
  };
  try {
    let carry = Buffer.alloc(0);
    let carryAt = 0;
    for (let pos = 0; ; ) {
      if (pos >= maxBytes) return { records, bytesRead: pos };
      const chunk = Buffer.alloc(chunkBytes);
      const { bytesRead } = await fh.read(chunk, 0, chunkBytes, pos);
      if (bytesRead === 0) {
        if (carry.length > 0) take(carry, 0, carry.length, carryAt, false);
        return { records, bytesRead: pos };
      }
      let buf = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
      let bufAt = carryAt;
      if (pos === 0 && buf.subarray(0, 3).equals(BOM)) {
        warn(`${path}:1: UTF-8 byte order mark skipped`);
        buf = buf.subarray(3);
        bufAt = 3;
      }
      pos += bytesRead;
      let from = 0;
      for (let nl = buf.indexOf(NL); nl !== -1; nl = buf.indexOf(NL, from)) {
        if (take(buf, from, nl, bufAt + from, true)) return { records, bytesRead: pos };
        from = nl + 1;
      }
      carry = Buffer.from(buf.subarray(from));
      carryAt = bufAt + from;
    }
  } catch (err) {
    throw new RolloutError(`cannot read rollout ${path}: ${errorMessage(err)}`, path, { cause: err });
  } finally {
    await fh.close();
  }
}
