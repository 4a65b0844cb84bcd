// Reading a rollout from its top only as far as a caller needs: a fork cut before the N-th user
// message reads up to that message, a listing reads a file's head. Lines are checked exactly as
// readRollout checks them, with the same `<file>:<line>` warnings for the lines it skips.
import { RolloutFile } from '../format/file.js';
import { eachLine } from '../format/lines.js';
import { parseLineBytes, type ReadOptions, type RolloutRecord } from '../format/reader.js';

export interface PrefixOptions extends Pick<ReadOptions, 'onWarning'> {
  /** Stop reading after this many bytes; a line still unfinished there is not parsed. */
  maxBytes?: number;
  /** Stop after this many lines. */
  maxLines?: number;
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
  const maxLines = options.maxLines ?? Number.POSITIVE_INFINITY;
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
          return lineNo >= maxLines;
        }
        const record = { line: parsed, lineNo, offset, length: end - start };
        records.push(record);
        return enough(record) || lineNo >= maxLines;
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
 * only; this words it again for the error that stops a resume.
 */
export async function firstLineProblem(path: string): Promise<string | undefined> {
  let problem: string | undefined = 'the file is empty';
  try {
    const file = RolloutFile.open(path);
    try {
      await eachLine(
        file,
        (buf, start, end, _offset, terminated) => {
          const parsed = parseLineBytes(buf, start, end, !terminated);
          if (typeof parsed === 'string') problem = `line 1: ${parsed}`;
          else problem = parsed.type === 'session_meta' ? undefined : `line 1 is a ${parsed.type} line`;
          return true;
        },
        { readAhead: false, chunkBytes: 64 * 1024 },
      );
    } finally {
      file.release();
    }
  } catch {
    return undefined;
  }
  return problem;
}
