// `thread/unsubscribe` (0.169): the client no longer follows a thread it opened. A weft connection is
// the only subscriber of the threads it opened, so the thread is unloaded: a running turn is stopped
// and recorded as interrupted, the rollout closed (an ephemeral thread's scratch removed), and no
// notification of it follows. Codex's TUI unsubscribes from the helper threads it starts (a title
// generator, for one) once it has their answer.
import { errorMessage } from '../../errors.js';
import { validThreadId, type ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export type UnsubscribeStatus = 'notLoaded' | 'unsubscribed';

export async function threadUnsubscribe(ctx: ServerContext, params: { threadId: string }): Promise<HandlerResult<{ status: UnsubscribeStatus }>> {
  const id = validThreadId(params.threadId);
  const loaded = ctx.loaded.get(id);
  if (!loaded) {
    // Followed from another server: the notifications stop; the thread is not loaded here.
    ctx.stopFollowing(id);
    return { result: { status: 'notLoaded' } };
  }
  ctx.loaded.delete(id);
  // Unloaded whatever closing it meets: a rollout that could not be written (a full disk) is told
  // in the log, and the answer says what happened, that the thread is no longer loaded.
  try {
    await loaded.close();
  } catch (err) {
    ctx.log(`thread ${id}: unloaded, but closing it failed: ${errorMessage(err)}`);
  }
  return { result: { status: 'unsubscribed' } };
}
