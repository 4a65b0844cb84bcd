// `thread/unsubscribe` (0.169): the client no longer follows a thread it opened. A weft connection is
// the only subscriber of the threads it opened, so the thread is unloaded: a running turn is stopped
// and recorded as interrupted, the rollout closed (an ephemeral thread's scratch removed), and no
// notification of it follows. Codex's TUI unsubscribes from the helper threads it starts (a title
// generator, for one) once it has their answer.
import { validThreadId, type ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export type UnsubscribeStatus = 'notLoaded' | 'unsubscribed';

export async function threadUnsubscribe(ctx: ServerContext, params: { threadId: string }): Promise<HandlerResult<{ status: UnsubscribeStatus }>> {
  const id = validThreadId(params.threadId);
  const loaded = ctx.loaded.get(id);
  if (!loaded) return { result: { status: 'notLoaded' } };
  ctx.loaded.delete(id);
  await loaded.close();
  return { result: { status: 'unsubscribed' } };
}
