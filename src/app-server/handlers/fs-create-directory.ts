// fs/createDirectory: makes the folder; a folder that is already there is no error (as in Codex,
// recursive or not).
import { mkdir, stat } from 'node:fs/promises';
import type { z } from 'zod';
import type { FsCreateDirectoryParams0169 } from '../../../protocol/app-server/v0169/fs-params.js';
import { absolutePath, io } from '../fs-access.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export async function fsCreateDirectory(_ctx: ServerContext, params: z.infer<typeof FsCreateDirectoryParams0169>): Promise<HandlerResult> {
  const dir = absolutePath(params.path);
  const existing = await stat(dir).catch(() => undefined);
  if (existing?.isDirectory()) return { result: {} };
  await io(() => mkdir(dir, { recursive: params.recursive === true }));
  return { result: {} };
}
