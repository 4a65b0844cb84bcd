// thread/inject_items (0.169): raw Responses items appended to a loaded thread's model-visible
// history without a turn (thread/inject-items.ts: unknown kinds are dropped, as Codex drops them);
// the answer is `{}` and nothing is notified, as with Codex. Between turns only: weft refuses it while
// a turn runs.
import type { z } from 'zod';
import type { ThreadInjectItemsParams0169 } from '../../../protocol/app-server/v0169/inject-items-params.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export async function threadInjectItems(ctx: ServerContext, params: z.infer<typeof ThreadInjectItemsParams0169>): Promise<HandlerResult> {
  const loaded = ctx.requireLoaded(params.threadId);
  await loaded.thread.injectItems(params.items);
  return { result: {} };
}
