// What the fs/* methods share: paths must be absolute (Codex refuses a relative one while reading
// the params), and a failed system call is an internal error worded as Codex words it (the OS's
// description and its number: "No such file or directory (os error 2)"). The methods act for the
// client, who is the user, not for the model: like Codex's, they are not confined by a thread's
// sandbox (no thread is named), and every path is taken as given.
import os from 'node:os';
import path from 'node:path';
import { RpcErrorCode } from '../../protocol/app-server/jsonrpc.js';
import { ProtocolError } from '../errors.js';
import { rpcError } from './rpc-errors.js';

export function absolutePath(p: string): string {
  if (!path.isAbsolute(p)) throw rpcError.invalidRequest('Invalid request: AbsolutePathBuf deserialized without a base path');
  return path.normalize(p);
}

/** The descriptions of the errno values a file method meets (glibc's strerror). */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EEXIST: 'File exists',
  ENOTEMPTY: 'Directory not empty',
  ELOOP: 'Too many levels of symbolic links',
  ENAMETOOLONG: 'File name too long',
  ENOSPC: 'No space left on device',
  EROFS: 'Read-only file system',
  EXDEV: 'Invalid cross-device link',
  EBUSY: 'Device or resource busy',
};

/** A failed system call as Codex answers it; anything else is passed on. */
export function ioError(err: unknown): unknown {
  const e = err as NodeJS.ErrnoException;
  if (typeof e?.code !== 'string' || !(e.code in os.constants.errno)) return err;
  const errno = os.constants.errno[e.code as keyof typeof os.constants.errno];
  const text = DESCRIPTIONS[e.code] ?? e.message;
  return new ProtocolError(`${text} (os error ${errno})`, RpcErrorCode.internalError, { cause: err });
}

/** Runs a file operation, answering a failed system call in Codex's words. */
export async function io<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    throw ioError(err);
  }
}
