// Reading a rollout from its top only as far as a caller needs: a fork cut before the N-th user
// message reads up to that message, a listing reads a file's head. Lines are checked exactly as
// readRollout checks them, with the same `<file>:<line>` warnings for the lines it skips.
import { RolloutFile } from './rollout-file.js';
import { eachLine } from './rollout-lines.js';
import { parseLineBytes, type ReadOptions, type RolloutRecord } from './rollout-reader.js';

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
  const file = RolloutFile.open(path);
  const records: RolloutRecord[] = [];
  let lineNo = 0;
  try {
    const bytesRead = await eachLine(
      file,
      (buf, start, end, offset, terminated) => {
        lineNo += 1;
        const parsed = parseLineBytes(buf, start, end, !terminated);
        if (typeof parsed === 'string') {
          warn(`${path}:${lineNo}: ${parsed}; line skipped`);
          return false;
        }
        const record = { line: parsed, lineNo, offset, length: end - start };
        records.push(record);
        return enough(record);
      },
      { maxBytes, chunkBytes, readAhead: false, onBom: () => warn(`${path}:1: UTF-8 byte order mark skipped`) },
    );
    return { records, bytesRead };
  } finally {
    file.release();
  }
}

/**
 * Why a rollout's first line is not a session_meta line the reader keeps (`line 1: <reason>`), or
 * undefined when it is one or the file cannot be read. The reader skips such a line with a warning
 * only; this words it again for the error that stops a resume, so it reads synchronously and is meant
 * for that error path alone.
 */
export function firstLineProblem(path: string): string | undefined {
  let file: RolloutFile;
  try {
    file = RolloutFile.open(path);
  } catch {
    return undefined;
  }
  try {
    const parts: Buffer[] = [];
    let terminated = false;
    for (let offset = 0; ; ) {
      const chunk = Buffer.allocUnsafe(64 * 1024);
      const n = file.fill(chunk, offset);
      const newline = chunk.subarray(0, n).indexOf(0x0a);
      parts.push(chunk.subarray(0, newline >= 0 ? newline : n));
      offset += n;
      terminated = newline >= 0;
      if (terminated || n < chunk.length) break;
    }
    const line = Buffer.concat(parts);
    if (line.length === 0 && !terminated) return 'the file is empty';
    // The reader skips a leading byte order mark the same way.
    const start = line[0] === 0xef && line[1] === 0xbb && line[2] === 0xbf ? 3 : 0;
    const parsed = parseLineBytes(line, start, line.length, !terminated);
    if (typeof parsed === 'string') return `line 1: ${parsed}`;
    return parsed.type === 'session_meta' ? undefined : `line 1 is a ${parsed.type} line`;
  } catch {
    return undefined;
  } finally {
    file.release();
  }
}
