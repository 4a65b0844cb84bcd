// What only the whole rollout tells, found by a byte scan (no parse): how many turns the thread has
// (0.169's task_started events, else 0.98's user_message events) and the last name it records.
import { open } from 'node:fs/promises';
import type { ThreadScan } from '../../../protocol/thread-head-cache.js';
import { threadNameInLine } from './thread-name.js';

export type { ThreadScan } from '../../../protocol/thread-head-cache.js';

const TASK_STARTED = Buffer.from('"type":"task_started"');
const USER_MESSAGE = Buffer.from('"type":"user_message"');
const NAME_EVENT = Buffer.from('"thread_name_updated"');
const CHUNK = 4 * 1024 * 1024;

function countIn(buf: Buffer, needle: Buffer, end: number): number {
  let n = 0;
  for (let at = buf.indexOf(needle); at >= 0 && at + needle.length <= end; at = buf.indexOf(needle, at + needle.length)) n += 1;
  return n;
}

/** The line of `buf` around byte `at`. */
function lineAround(buf: Buffer, at: number, end: number): string {
  const start = buf.lastIndexOf(0x0a, at) + 1;
  const stop = buf.indexOf(0x0a, at);
  return buf.toString('utf8', start, stop < 0 || stop > end ? end : stop);
}

/** Scans the first `size` bytes of the rollout at `path`. */
export async function scanThread(path: string, size: number): Promise<ThreadScan> {
  const fh = await open(path, 'r');
  try {
    let tasks = 0;
    let users = 0;
    let name: string | undefined;
    const buf = Buffer.allocUnsafe(Math.min(CHUNK, size + 1));
    const room = buf.length;
    let pos = 0;
    let carry = 0;
    while (pos < size) {
      const { bytesRead } = await fh.read(buf, carry, room - carry, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      const filled = carry + bytesRead;
      // Only whole lines are scanned; the torn rest is carried into the next chunk.
      const lastNl = pos >= size ? filled : buf.lastIndexOf(0x0a, filled - 1) + 1;
      const end = lastNl > 0 ? lastNl : filled;
      tasks += countIn(buf.subarray(0, end), TASK_STARTED, end);
      users += countIn(buf.subarray(0, end), USER_MESSAGE, end);
      const nameAt = buf.subarray(0, end).lastIndexOf(NAME_EVENT);
      if (nameAt >= 0) name = threadNameInLine(lineAround(buf, nameAt, end)) ?? name;
      carry = filled - end;
      buf.copy(buf, 0, end, filled);
      if (carry >= room) carry = 0; // a line longer than the chunk: counted no further
    }
    return { turns: tasks > 0 ? tasks : users, name: name ?? null };
  } finally {
    await fh.close();
  }
}
