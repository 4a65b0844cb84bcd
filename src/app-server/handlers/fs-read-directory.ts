// fs/readDirectory: the folder's entries (a symbolic link shows what it points at).
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { FsPathParams0169 } from '../../../protocol/app-server/v0169/fs-params.js';
import { absolutePath, io } from '../fs-access.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export async function fsReadDirectory(_ctx: ServerContext, params: z.infer<typeof FsPathParams0169>): Promise<HandlerResult> {
  const dir = absolutePath(params.path);
  const entries = await io(() => readdir(dir, { withFileTypes: true }));
  const data = await Promise.all(
    entries.map(async (e) => {
      const target = e.isSymbolicLink() ? await stat(path.join(dir, e.name)).catch(() => undefined) : e;
      return { fileName: e.name, isDirectory: target?.isDirectory() ?? false, isFile: target?.isFile() ?? false };
    }),
  );
  return { result: { entries: data } };
}
