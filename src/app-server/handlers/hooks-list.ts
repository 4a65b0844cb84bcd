// hooks/list (0.169): the lifecycle hooks that would run in each working directory. weft runs no
// hooks, so each cwd (the thread's, or the server's when none is named) lists none, with no
// warnings or errors, as Codex lists a directory without hooks.
import type { z } from 'zod';
import type { HooksListParams0169 } from '../../../protocol/app-server/v0169/more-params.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export function hooksList(ctx: ServerContext, params: z.infer<typeof HooksListParams0169>): HandlerResult {
  const thread = params.threadId ? ctx.requireLoaded(params.threadId) : undefined;
  const cwds = thread ? [thread.cwd] : params.cwds && params.cwds.length > 0 ? params.cwds : [ctx.options.cwd];
  return { result: { data: cwds.map((cwd) => ({ cwd, hooks: [], warnings: [], errors: [] })) } };
}
