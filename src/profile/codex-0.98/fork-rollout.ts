// A codex-0.98 fork's rollout, as Codex 0.98 stores forks: a new file whose first line is the fork's
// own session_meta (with `forked_from_id`), followed by a byte copy of the parent's lines, either all
// of them or those before the turn of the N-th user message (fork-cut.ts says where). The copy starts
// with the parent's own session_meta line. It is O(parent size) in I/O: a file cannot be prepended
// to, and copyFile's reflink copies whole files only. The file is written aside and linked into
// place, so a fork never replaces an existing file and is never seen half written.
import { link, mkdir, open, rename, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { nodeCrypto } from '../../node-builtins.js';
import { RolloutError, UsageError, errorMessage } from '../../errors.js';
import type { ForkRolloutOptions, ForkRolloutResult } from '../../rollout/store/fork-policy.js';
import { assertThreadId } from '../../rollout/store/thread-id.js';
import { RolloutFile } from '../../rollout/format/file.js';
import { rolloutPath } from '../../rollout/store/paths.js';
import { readRolloutHead } from '../../rollout/store/head.js';
import { formatRolloutLine, rolloutTimestamp } from '../../rollout/format/writer.js';
import { PRIVATE_DIRS, PRIVATE_FILE_MODE } from '../../rollout/store/file-modes.js';
import { forkCopyEnd } from './fork-cut.js';

const CHUNK = 1024 * 1024;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

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

/** Codex 0.98's fork policy (rollout/store/fork-policy.ts). */
export async function forkRollout098(options: ForkRolloutOptions): Promise<ForkRolloutResult> {
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
    const end = await forkCopyEnd(src, size, parentPath, options.cutBeforeUserMessage, options.contextPrefixes ?? []);
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
