// An open rollout file, read in place. Items resumed from it are backed by their byte ranges here
// (src/history/raw-json.ts) instead of by a copy in memory, so a resumed 100 MB history costs its
// parsed skeletons, not its bytes. A rollout only grows (weft and Codex append; archiving renames),
// so a range read once stays valid for as long as the file is open, wherever it is moved.
//
// The descriptor stays open while anything backed by it is reachable, and is closed by the garbage
// collector after that (a FinalizationRegistry); a read that backed nothing closes it at once.
import { close, closeSync, fstatSync, openSync, read, readSync } from 'node:fs';
import type { ByteRange, ByteSource } from '../../history/raw-json.js';
import { RolloutError, errorMessage } from '../../errors.js';

const closeWhenUnreachable = new FinalizationRegistry<number>((fd) => close(fd, () => undefined));

export class RolloutFile implements ByteSource {
  readonly path: string;
  readonly #fd: number;
  #backs = false;
  #closed = false;

  private constructor(path: string, fd: number) {
    this.path = path;
    this.#fd = fd;
    closeWhenUnreachable.register(this, fd, this);
  }

  /** Opens `path` for reading; a RolloutError names the file when it cannot be. */
  static open(path: string): RolloutFile {
    try {
      return new RolloutFile(path, openSync(path, 'r'));
    } catch (err) {
      throw new RolloutError(`cannot read rollout ${path}: ${errorMessage(err)}`, path, { cause: err });
    }
  }

  size(): number {
    return fstatSync(this.#fd).size;
  }

  /** Size and inode number: a file replaced by another (not appended to) has another inode. */
  identity(): { size: number; ino: number } {
    const st = fstatSync(this.#fd);
    return { size: st.size, ino: st.ino };
  }

  /** Fills `buf` from `position` without blocking; resolves with the bytes read (0 at the end). */
  readInto(buf: Buffer, position: number, length = buf.length): Promise<number> {
    return new Promise((resolve, reject) => {
      read(this.#fd, buf, 0, length, position, (err, n) => (err ? reject(this.#error(err)) : resolve(n)));
    });
  }

  fill(buf: Buffer, offset: number): number {
    let done = 0;
    try {
      while (done < buf.length) {
        const n = readSync(this.#fd, buf, done, buf.length - done, offset + done);
        if (n === 0) break;
        done += n;
      }
    } catch (err) {
      throw this.#error(err);
    }
    return done;
  }

  read(offset: number, length: number): Buffer {
    const buf = Buffer.allocUnsafe(length);
    if (this.fill(buf, offset) < length) {
      throw new RolloutError(`${this.path}: bytes ${offset}–${offset + length} are gone: the rollout was truncated after it was read`, this.path);
    }
    return buf;
  }

  /** A range of this file that an item is backed by: the file then stays open while the item lives. */
  range(offset: number, length: number): ByteRange {
    this.#backs = true;
    return { source: this, offset, length };
  }

  /** Closes the file now unless a range of it backs something (then the collector closes it). */
  release(): void {
    if (this.#backs || this.#closed) return;
    this.#closed = true;
    closeWhenUnreachable.unregister(this);
    closeSync(this.#fd);
  }

  #error(err: unknown): RolloutError {
    return new RolloutError(`cannot read rollout ${this.path}: ${errorMessage(err)}`, this.path, { cause: err });
  }
}
