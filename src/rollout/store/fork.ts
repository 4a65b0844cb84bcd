// Owns forking a rollout file: a new file whose first line is the fork's own session_meta (with
// `forked_from_id`), followed by a byte copy of the parent's lines, either all of them or those
// before the turn of the N-th user message. Like Codex 0.98 fork files, the copy starts with the
// parent's own session_meta line.
//
// Where a cut at N falls: Codex 0.98 counts "user messages" as the response_item messages that are
// real user input (not the injected environment / AGENTS.md / developer context), after applying
// `thread_rolled_back` events (a rollback of k turns forgets the last k of them), and cuts exactly
// at that item. That leaves the developer and context messages injected for turn N at the end of
// the fork, as if turn N had started without its prompt. weft cuts before the first line of turn N
// instead: it moves the cut back over the run of injected-context messages directly before the
// user message, so the fork ends exactly where turn N-1 ended and its history is consistent.
//
// Cost: the parent is streamed in chunks; a line is JSON-parsed only when a substring test says it
// may be a message item or a rollback event, and line scanning stops at the cut. The rest of the
// parent is then only searched byte-wise for a rollback marker (which could move the cut later).
// A whole fork parses nothing: the parent's bytes are copied (up to its last complete line, so a
// torn last line is not carried over) after the new meta line. The copy is O(parent size) in I/O:
// a file cannot be prepended to, and copyFile's reflink copies whole files only.
import { link, mkdir, open, rename, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { nodeCrypto } from '../../node-builtins.js';
import { RolloutError, UsageError, errorMessage } from '../../errors.js';
import type { SessionMeta } from '../../../protocol/rollout.js';
import { assertThreadId } from './thread-id.js';
import { RolloutFile } from '../format/file.js';
import { eachLine } from '../format/lines.js';
import { rolloutPath } from './paths.js';
import { readRolloutHead } from './head.js';
import { formatRolloutLine, rolloutTimestamp } from '../format/writer.js';
import { messageKind } from '../format/user-message-kind.js';
import { PRIVATE_DIRS, PRIVATE_FILE_MODE } from './file-modes.js';

export interface ForkRolloutOptions {
  home: string;
  parentPath: string;
  newId: string;
  /** The fork's session_meta; its `id` and `forked_from_id` are set here (new id, parent's id). */
  newSessionMeta: SessionMeta;
  /** 0-based: keep only what precedes the turn of this user message. Omitted: copy everything. */
  cutBeforeUserMessage?: number;
  /** Openings of injected user messages in the loaded pack (see messageKind). */
  contextPrefixes?: readonly string[];
  /** Creation time (file name and meta line timestamp); defaults to now. */
  now?: Date;
}

export interface ForkRolloutResult {
  path: string;
  id: string;
  parentId: string;
  /** Bytes copied from the parent (a prefix of it without a byte order mark, ending at a line end). */
  copiedBytes: number;
}

const CHUNK = 1024 * 1024;
const NL = 0x0a;
const ROLLBACK_NEEDLE = Buffer.from('"thread_rolled_back"');
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

type LineClass = { kind: 'user-input' | 'turn-context' | 'other' } | { kind: 'rollback'; turns: number };

const OTHER: LineClass = { kind: 'other' };

/** Classifies a line, parsing it only when cheap substring tests say it may matter. */
function classify(line: Buffer, contextPrefixes: readonly string[]): LineClass {
  const maybeMessage = line.includes('"response_item"') && line.includes('"message"');
  const maybeRollback = !maybeMessage && line.includes(ROLLBACK_NEEDLE);
  if (!maybeMessage && !maybeRollback) return OTHER;
  let value: unknown;
  try {
    value = JSON.parse(line.toString('utf8'));
  } catch {
    return OTHER;
  }
  if (!isRecord(value)) return OTHER;
  if (value.type === 'response_item') return { kind: messageKind(value.payload, contextPrefixes) };
  const p = value.payload;
  if (value.type === 'event_msg' && isRecord(p) && p.type === 'thread_rolled_back') {
    const n = typeof p.num_turns === 'number' && Number.isFinite(p.num_turns) ? Math.max(0, Math.floor(p.num_turns)) : 0;
    return { kind: 'rollback', turns: n };
  }
  return OTHER;
}

/** Reads a rollout's lines in order, keeping the turn-start offsets; can stop and go on later. */
class TurnStartScanner {
  readonly starts: number[] = [];
  private runStart: number | undefined;
  /** File offset of the next unread line. */
  pos = 0;

  constructor(
    private readonly file: RolloutFile,
    private readonly contextPrefixes: readonly string[],
  ) {}

  private onLine(line: Buffer, offset: number): boolean {
    const c = classify(line, this.contextPrefixes);
    if (c.kind === 'turn-context') {
      this.runStart ??= offset;
      return false;
    }
    if (c.kind === 'user-input') {
      this.starts.push(this.runStart ?? offset);
    } else if (c.kind === 'rollback') {
      this.starts.length = Math.max(0, this.starts.length - c.turns);
    }
    this.runStart = undefined;
    return c.kind === 'user-input';
  }

  /** Scans until `enough()` holds right after a user message, or the file ends. */
  async scan(enough: () => boolean): Promise<void> {
    await eachLine(
      this.file,
      (buf, start, end, offset, terminated) => {
        this.pos = offset + (end - start) + (terminated ? 1 : 0);
        return this.onLine(buf.subarray(start, end), offset) && enough();
      },
      { from: this.pos },
    );
  }
}

/** True when `needle` occurs in the file at or after `from` (byte search, no parsing). */
async function containsFrom(file: RolloutFile, size: number, from: number, needle: Buffer): Promise<boolean> {
  const buf = Buffer.alloc(CHUNK + needle.length);
  let keep = 0;
  for (let pos = from; pos < size; ) {
    const bytesRead = await file.readInto(buf.subarray(keep), pos, Math.min(CHUNK, size - pos));
    if (bytesRead === 0) break;
    const filled = keep + bytesRead;
    if (buf.subarray(0, filled).includes(needle)) return true;
    keep = Math.min(needle.length - 1, filled);
    buf.copy(buf, 0, filled - keep, filled);
    pos += bytesRead;
  }
  return false;
}

/** Offset just past the last `\n`: the end of the last complete line (0 when there is none). */
async function endOfLastCompleteLine(file: RolloutFile, size: number): Promise<number> {
  const buf = Buffer.alloc(64 * 1024);
  for (let end = size; end > 0; ) {
    const start = Math.max(0, end - buf.length);
    const bytesRead = await file.readInto(buf, start, end - start);
    const nl = buf.subarray(0, bytesRead).lastIndexOf(NL);
    if (nl !== -1) return start + nl + 1;
    end = start;
  }
  return 0;
}

/** Where the parent's lines start: after a UTF-8 byte order mark, which must not land mid-file in the fork. */
async function contentStart(file: RolloutFile, size: number): Promise<number> {
  const head = Buffer.alloc(BOM.length);
  const n = size >= BOM.length ? await file.readInto(head, 0) : 0;
  return n === BOM.length && head.equals(BOM) ? BOM.length : 0;
}

async function copyRange(src: RolloutFile, dst: FileHandle, start: number, end: number): Promise<void> {
  const buf = Buffer.alloc(CHUNK);
  for (let pos = start; pos < end; ) {
    const bytesRead = await src.readInto(buf, pos, Math.min(CHUNK, end - pos));
    if (bytesRead === 0) throw new Error(`parent shrank while being copied (at byte ${pos} of ${end})`);
    let written = 0;
    while (written < bytesRead) written += (await dst.write(buf, written, bytesRead - written)).bytesWritten;
    pos += bytesRead;
  }
}

/** Where the copy of the parent ends. */
async function copyEnd(
  file: RolloutFile,
  size: number,
  parentPath: string,
  n: number | undefined,
  contextPrefixes: readonly string[],
): Promise<number> {
  if (n === undefined) return endOfLastCompleteLine(file, size);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`cutBeforeUserMessage must be a non-negative integer, got ${n}`);
  const scanner = new TurnStartScanner(file, contextPrefixes);
  await scanner.scan(() => scanner.starts.length > n);
  // A later rollback could drop the N-th message from the effective history: then scan on.
  if (scanner.starts.length > n && (await containsFrom(file, size, scanner.pos, ROLLBACK_NEEDLE))) {
    await scanner.scan(() => false);
  }
  const cut = scanner.starts[n];
  if (cut === undefined) {
    throw new UsageError(`cannot fork ${parentPath} before user message ${n} (0-based): the thread has ${scanner.starts.length} user message(s)`);
  }
  return cut;
}

/** Moves the finished temp file to `path`, refusing to replace an existing file. */
async function placeNoClobber(tmp: string, path: string): Promise<void> {
  try {
    await link(tmp, path);
    await unlink(tmp);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'EEXIST') throw new RolloutError(`cannot create fork ${path}: file already exists`, path, { cause: err });
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
    await rename(tmp, path); // Filesystems without hard links: the id is fresh, so no clobber in practice.
  }
  try {
    const dir = await open(dirname(path), 'r');
    await dir.sync().finally(() => dir.close());
  } catch {
    // Directory fsync is best effort (not supported everywhere).
  }
}

export async function forkRollout(options: ForkRolloutOptions): Promise<ForkRolloutResult> {
  const id = assertThreadId(options.newId, 'fork thread id');
  const { parentPath } = options;
  const head = await readRolloutHead(parentPath);
  if (head.sessionMeta === undefined) throw new RolloutError(`cannot fork ${parentPath}: it has no session_meta line`, parentPath);
  const parentId = head.sessionMeta.id;
  const now = options.now ?? new Date();
  const path = rolloutPath(options.home, id, now);
  const { id: _id, forked_from_id: _parent, ...rest } = options.newSessionMeta;
  const metaLine = formatRolloutLine({
    timestamp: rolloutTimestamp(now),
    type: 'session_meta',
    payload: { id, forked_from_id: parentId, ...rest },
  });

  const src = RolloutFile.open(parentPath);
  const tmp = `${path}.${process.pid}-${nodeCrypto().randomBytes(4).toString('hex')}.tmp`;
  let dst: FileHandle | undefined;
  try {
    const size = src.size();
    const end = await copyEnd(src, size, parentPath, options.cutBeforeUserMessage, options.contextPrefixes ?? []);
    await mkdir(dirname(path), PRIVATE_DIRS);
    dst = await open(tmp, 'wx', PRIVATE_FILE_MODE);
    await dst.write(`${metaLine}\n`);
    const start = Math.min(await contentStart(src, size), end);
    await copyRange(src, dst, start, end);
    await dst.datasync();
    await dst.close();
    dst = undefined;
    await placeNoClobber(tmp, path);
    return { path, id, parentId, copiedBytes: end - start };
  } catch (err) {
    await dst?.close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
    if (err instanceof UsageError || err instanceof RolloutError) throw err;
    throw new RolloutError(`cannot fork ${parentPath} into ${path}: ${errorMessage(err)}`, path, { cause: err });
  } finally {
    src.release();
  }
}
