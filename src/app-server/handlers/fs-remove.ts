// fs/remove: removes a file or a folder with what it holds; `recursive` and `force` default to
// true, as in Codex (a missing path is then no error).
import { rm } from 'node:fs/promises';
import type { z } from 'zod';
import type { FsRemoveParams0169 } from '../../../protocol/app-server/v0169/fs-params.js';
import { absolutePath, io } from '../fs-access.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export async function fsRemove(_ctx: ServerContext, params: z.infer<typeof FsRemoveParams0169>): Promise<HandlerResult> {
  const p = absolutePath(params.path);
  await io(() => rm(p, { recursive: params.recursive ?? true, force: params.force ?? true }));
  return { result: {} };
}
