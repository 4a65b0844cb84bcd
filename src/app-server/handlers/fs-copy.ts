// fs/copy: copies a file, or a folder when `recursive` is true (refused otherwise, in Codex's words).
import { cp, copyFile, stat } from 'node:fs/promises';
import type { z } from 'zod';
import type { FsCopyParams0169 } from '../../../protocol/app-server/v0169/fs-params.js';
import { absolutePath, io } from '../fs-access.js';
import { rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export async function fsCopy(_ctx: ServerContext, params: z.infer<typeof FsCopyParams0169>): Promise<HandlerResult> {
  const from = absolutePath(params.sourcePath);
  const to = absolutePath(params.destinationPath);
  const info = await io(() => stat(from));
  if (info.isDirectory()) {
    if (params.recursive !== true) throw rpcError.invalidRequest('fs/copy requires recursive: true when sourcePath is a directory');
    await io(() => cp(from, to, { recursive: true, verbatimSymlinks: true }));
  } else await io(() => copyFile(from, to));
  return { result: {} };
}
