// Importing a rollout into the home's files: the bytes land as the file named, under its lock. A file
// already holding a prefix of the bytes (an import cut short) gets the rest; one holding them all is
// left alone; one holding other bytes is refused, so an import never overwrites a thread.
import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RolloutError, errorMessage, isErrno } from '../../errors.js';
import type { ImportOutcome } from '../thread-store.js';
import { PRIVATE_DIRS, PRIVATE_FILE_MODE } from './file-modes.js';
import { lockRollout } from './lock.js';

export async function importRolloutFile(file: string, bytes: Buffer, updatedAt?: Date): Promise<ImportOutcome> {
  try {
    await mkdir(dirname(file), PRIVATE_DIRS);
  } catch (err) {
    throw new RolloutError(`cannot import rollout ${file}: ${errorMessage(err)}`, file, { cause: err });
  }
  const lock = await lockRollout(file);
  try {
    const fh = await open(file, 'a+', PRIVATE_FILE_MODE).catch((err: unknown) => {
      throw new RolloutError(`cannot import rollout ${file}: ${isErrno(err, 'EACCES') ? 'permission denied' : errorMessage(err)}`, file, { cause: err });
    });
    try {
      const { size } = await fh.stat();
      const held = Buffer.alloc(Math.min(size, bytes.length));
      if (held.length > 0) await fh.read(held, 0, held.length, 0);
      if (size > bytes.length || !held.equals(bytes.subarray(0, held.length))) {
        throw new RolloutError(`cannot import rollout ${file}: a different thread is already stored there; move it away or import under another home`, file);
      }
      if (size === bytes.length) return 'present';
      await fh.write(bytes, size, bytes.length - size);
      if (updatedAt !== undefined) await fh.utimes(updatedAt, updatedAt);
      return size === 0 ? 'imported' : 'completed';
    } finally {
      await fh.close();
    }
  } finally {
    await lock.release();
  }
}
