// The viewer's list of threads: every rollout of the home (both generations), newest first, each with
// its name, directory, first prompt and turn count. Heads come from the shared listing; name and
// turn count come from a byte scan of the file (no parse), cached by size and mtime, so listing a
// thousand threads again costs a stat each. Thread ids from requests are only ever looked up here:
// a request path never names a file.
import { open, stat } from 'node:fs/promises';
import { isThreadId } from '../thread/thread-id.js';
import { listThreads, type ThreadListEntry } from '../thread/thread-list.js';

export interface ThreadSummary {
  readonly id: string;
  readonly name: string | undefined;
  readonly cwd: string;
  readonly firstPrompt: string;
  readonly turns: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly forkedFromId: string | undefined;
  readonly cliVersion: string;
  readonly generation: 'codex-0.98' | 'codex-0.169';
}

interface Scan {
  readonly size: number;
  readonly mtimeMs: number;
  readonly turns: number;
  readonly name: string | undefined;
}

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

/** Turns (0.169 task_started events, else 0.98 user_message events) and the last recorded name. */
async function scanFile(path: string, size: number, mtimeMs: number): Promise<Scan> {
  const fh = await open(path, 'r');
  try {
    let tasks = 0;
    let users = 0;
    let name: string | undefined;
    const buf = Buffer.alloc(CHUNK);
    let pos = 0;
    let carry = 0;
    while (pos < size) {
      const { bytesRead } = await fh.read(buf, carry, CHUNK - carry, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      const filled = carry + bytesRead;
      // Only whole lines are scanned; the torn rest is carried into the next chunk.
      const lastNl = pos >= size ? filled : buf.lastIndexOf(0x0a, filled - 1) + 1;
      const end = lastNl > 0 ? lastNl : filled;
      tasks += countIn(buf.subarray(0, end), TASK_STARTED, end);
      users += countIn(buf.subarray(0, end), USER_MESSAGE, end);
      const nameAt = buf.subarray(0, end).lastIndexOf(NAME_EVENT);
      if (nameAt >= 0) name = nameOf(lineAround(buf, nameAt, end)) ?? name;
      carry = filled - end;
      buf.copy(buf, 0, end, filled);
      if (carry >= CHUNK) carry = 0; // a line longer than the chunk: counted no further
    }
    return { size, mtimeMs, turns: tasks > 0 ? tasks : users, name };
  } finally {
    await fh.close();
  }
}

function nameOf(line: string): string | undefined {
  try {
    const payload = (JSON.parse(line) as { payload?: { thread_name?: unknown } }).payload;
    return typeof payload?.thread_name === 'string' ? payload.thread_name : undefined;
  } catch {
    return undefined;
  }
}

export class ThreadCatalog {
  readonly #scans = new Map<string, Scan>();
  readonly #paths = new Map<string, string>();

  constructor(readonly home: string) {}

  async list(): Promise<ThreadSummary[]> {
    const entries: ThreadListEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await listThreads(this.home, { limit: 1000, ...(cursor ? { cursor } : {}) });
      entries.push(...page.threads);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const out = await Promise.all(entries.map((e) => this.#summary(e).catch(() => undefined)));
    this.#paths.clear();
    for (const e of entries) this.#paths.set(e.id, e.path);
    return out.filter((s): s is ThreadSummary => s !== undefined);
  }

  async #summary(e: ThreadListEntry): Promise<ThreadSummary> {
    const st = await stat(e.path);
    let scan = this.#scans.get(e.path);
    if (!scan || scan.size !== st.size || scan.mtimeMs !== st.mtimeMs) {
      scan = await scanFile(e.path, st.size, st.mtimeMs);
      this.#scans.set(e.path, scan);
    }
    return {
      id: e.id,
      name: scan.name,
      cwd: e.cwd,
      firstPrompt: e.preview,
      turns: scan.turns,
      createdAt: e.createdAt,
      updatedAt: new Date(st.mtimeMs).toISOString(),
      forkedFromId: e.forkedFromId,
      cliVersion: e.cliVersion,
      generation: e.cliVersion.startsWith('0.98') ? 'codex-0.98' : 'codex-0.169',
    };
  }

  /** The rollout of a listed thread; undefined for anything else (a malformed id included). */
  async pathOf(id: string): Promise<string | undefined> {
    if (!isThreadId(id)) return undefined;
    if (!this.#paths.has(id)) await this.list();
    return this.#paths.get(id);
  }
}
