// The viewer's list of threads: every rollout of the home (both generations), newest first, each with
// its name, directory, first prompt and turn count. The head gives the first three (as in the shared
// listing); name and turn count come from a byte scan of the file (no parse). All of it is cached by
// size and mtime, so listing a thousand threads again costs a stat each. Thread ids from requests are only ever looked up here:
// a request path never names a file.
import { open, stat } from 'node:fs/promises';
import { isThreadId } from '../rollout/thread-id.js';
import { threadNameInLine } from '../rollout/thread-name.js';
import { readRolloutHead } from '../rollout/head.js';
import { dayDirsNewestFirst, rolloutFilesIn, type RolloutFileEntry } from '../rollout/paths.js';

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
async function scanFile(path: string, size: number): Promise<Scan> {
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
    return { turns: tasks > 0 ? tasks : users, name };
  } finally {
    await fh.close();
  }
}


interface Cached {
  readonly size: number;
  readonly mtimeMs: number;
  readonly summary: ThreadSummary | undefined;
}

/** How many files are read at once on a cold listing. */
const PARALLEL = 32;

async function inBatches<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return out;
}

export class ThreadCatalog {
  readonly #cache = new Map<string, Cached>();
  readonly #paths = new Map<string, string>();

  constructor(readonly home: string) {}

  /**
   * Every listed thread, newest first (file-name time, then mtime). A file is read again only when
   * its size or mtime changed; as in the shared listing, a file without a session_meta or without
   * any user message is left out.
   */
  async list(): Promise<ThreadSummary[]> {
    const files: RolloutFileEntry[] = [];
    for await (const { dir } of dayDirsNewestFirst(this.home)) files.push(...(await rolloutFilesIn(dir)));
    const found = await inBatches(files, async (f) => {
      try {
        const st = await stat(f.path);
        const cached = this.#cache.get(f.path);
        if (cached && cached.size === st.size && cached.mtimeMs === st.mtimeMs) return { f, cached };
        const fresh: Cached = { size: st.size, mtimeMs: st.mtimeMs, summary: await summarize(f, st.size, st.mtimeMs) };
        this.#cache.set(f.path, fresh);
        return { f, cached: fresh };
      } catch {
        return undefined;
      }
    });
    const listed = found.filter((x): x is { f: RolloutFileEntry; cached: Cached & { summary: ThreadSummary } } => x?.cached.summary !== undefined);
    listed.sort((a, b) => (a.f.fileTs !== b.f.fileTs ? (a.f.fileTs > b.f.fileTs ? -1 : 1) : b.cached.mtimeMs - a.cached.mtimeMs));
    this.#paths.clear();
    for (const { f, cached } of listed) this.#paths.set(cached.summary.id, f.path);
    return listed.map((x) => x.cached.summary);
  }

  /** The rollout of a listed thread; undefined for anything else (a malformed id included). */
  async pathOf(id: string): Promise<string | undefined> {
    if (!isThreadId(id)) return undefined;
    if (!this.#paths.has(id)) await this.list();
    return this.#paths.get(id);
  }
}

async function summarize(f: RolloutFileEntry, size: number, mtimeMs: number): Promise<ThreadSummary | undefined> {
  const head = await readRolloutHead(f.path);
  const meta = head.sessionMeta;
  if (meta === undefined || head.firstUserMessage === undefined) return undefined;
  const scan = await scanFile(f.path, size);
  return {
    id: isThreadId(meta.id) ? meta.id.toLowerCase() : f.id,
    name: scan.name,
    cwd: meta.cwd,
    firstPrompt: head.firstUserMessage,
    turns: scan.turns,
    createdAt: meta.timestamp,
    updatedAt: new Date(mtimeMs).toISOString(),
    forkedFromId: meta.forked_from_id,
    cliVersion: meta.cli_version,
    generation: meta.cli_version.startsWith('0.98') ? 'codex-0.98' : 'codex-0.169',
  };
}
