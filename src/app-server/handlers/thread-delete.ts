// thread/delete (0.169): the thread is gone for good. A loaded thread is unloaded first (its running
// turn stopped; the client hears `thread/status/changed` notLoaded before the answer, as Codex sends
// it), then the rollout and its index entries are removed (rollout/store/delete-thread.ts), and
// `thread/deleted` follows the answer. A thread with no rollout is refused in Codex's words.
import type { z } from 'zod';
import type { ThreadDeleteParams0169 } from '../../../protocol/app-server/v0169/more-params.js';
import { rpcError } from '../rpc-errors.js';
import { validThreadId, type ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export async function threadDelete(ctx: ServerContext, params: z.infer<typeof ThreadDeleteParams0169>): Promise<HandlerResult> {
  const id = validThreadId(params.threadId);
  const loaded = ctx.loaded.get(id);
  // An ephemeral thread's rollout lives in its scratch home, removed when it closes.
  const rolloutPath = loaded ? (loaded.scratch === undefined ? loaded.thread.rolloutPath : undefined) : await ctx.base.store.find(id);
  if (!loaded && rolloutPath === undefined) throw rpcError.invalidRequest(`no rollout found for thread id ${id}`);
  if (loaded) {
    ctx.loaded.delete(id);
    await loaded.close();
    if (ctx.generation.reportsThreadStatus) ctx.notifyAny('thread/status/changed', { threadId: id, status: { type: 'notLoaded' } });
  }
  if (rolloutPath !== undefined) await ctx.base.store.delete(id, rolloutPath, (m) => ctx.log(m));
  return { result: {}, after: () => ctx.notifyAny('thread/deleted', { threadId: id }) };
}
