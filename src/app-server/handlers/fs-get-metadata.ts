// fs/getMetadata: what the path is (a symbolic link is followed for the kind and times, and said
// to be one), its modification time, and its creation time where the file system keeps one (0
// where Codex reports none: Linux, as it reads it).
import { lstat, stat } from 'node:fs/promises';
import type { z } from 'zod';
import type { FsPathParams0169 } from '../../../protocol/app-server/v0169/fs-params.js';
import { absolutePath, io } from '../fs-access.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export async function fsGetMetadata(_ctx: ServerContext, params: z.infer<typeof FsPathParams0169>): Promise<HandlerResult> {
  const p = absolutePath(params.path);
  const link = await io(() => lstat(p));
  const info = link.isSymbolicLink() ? await io(() => stat(p)) : link;
  return {
    result: {
      isDirectory: info.isDirectory(),
      isFile: info.isFile(),
      isSymlink: link.isSymbolicLink(),
      createdAtMs: process.platform === 'linux' ? 0 : Math.floor(info.birthtimeMs),
      modifiedAtMs: Math.floor(info.mtimeMs),
    },
  };
}
