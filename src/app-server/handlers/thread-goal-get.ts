// thread/goal/get as Codex answers it for a thread that has no goal: `{ goal: null }` for a thread
// that is loaded or stored, "thread not found" otherwise. The goal store (thread/goal/set and the
// model's goal tools) replaces this handler when it lands; until then no thread has a goal.
import type { z } from 'zod';
import type { ThreadGoalGetParams0169 } from '../../../protocol/app-server/v0169/more-params.js';
import { findRolloutPath } from '../../rollout/store/paths.js';
import { rpcError } from '../rpc-errors.js';
import { validThreadId, type ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export async function threadGoalGet(ctx: ServerContext, params: z.infer<typeof ThreadGoalGetParams0169>): Promise<HandlerResult> {
  const id = validThreadId(params.threadId);
  if (!ctx.loaded.has(id) && !(await findRolloutPath(ctx.base.home, id))) throw rpcError.invalidRequest(`thread not found: ${id}`);
  return { result: { goal: null } };
}
