// fs/watch and fs/unwatch: a watch of this connection on a path, reported as `fs/changed`
// (src/app-server/fs-watches.ts); the answer names the watched path.
import type { z } from 'zod';
import type { FsUnwatchParams0169, FsWatchParams0169 } from '../../../protocol/app-server/v0169/fs-params.js';
import { absolutePath } from '../fs-access.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export async function fsWatch(ctx: ServerContext, params: z.infer<typeof FsWatchParams0169>): Promise<HandlerResult> {
  const target = absolutePath(params.path);
  await ctx.fsWatches.add(params.watchId, target);
  return { result: { path: target } };
}

export function fsUnwatch(ctx: ServerContext, params: z.infer<typeof FsUnwatchParams0169>): HandlerResult {
  ctx.fsWatches.remove(params.watchId);
  return { result: {} };
}
