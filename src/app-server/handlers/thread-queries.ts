// thread/list, thread/loaded/list and thread/read: what is stored and what is open.
import { readRollout } from '../../rollout/reader.js';
import { findRolloutPath } from '../../rollout/paths.js';
import { rpcError } from '../rpc-errors.js';
import { validThreadId, type ServerContext } from '../server-context.js';
import { listThreadPage } from '../thread-listing.js';
import { readThreadFacts, threadView, turnsFromRecords } from '../thread-view.js';
import type { Handler } from './handler.js';

export const threadList: Handler<'thread/list'> = async (ctx, params) => ({
  result: await listThreadPage(ctx.base.home, params, ctx.providerId),
});

export const threadLoadedList: Handler<'thread/loaded/list'> = (ctx, params) => {
  const ids = [...ctx.loaded.keys()].sort();
  const start = params.cursor ? ids.findIndex((id) => id > (params.cursor as string)) : 0;
  const from = start === -1 ? ids.length : start;
  const limit = params.limit ?? ids.length;
  const data = ids.slice(from, from + limit);
  const more = from + limit < ids.length;
  return { result: { data, nextCursor: more && data.length > 0 ? (data[data.length - 1] as string) : null } };
};

/** The rollout of a thread, loaded or stored; the error names both places it looked. */
export async function threadPath(ctx: ServerContext, threadId: string): Promise<string> {
  const id = validThreadId(threadId);
  const loaded = ctx.loaded.get(id);
  if (loaded) return loaded.thread.rolloutPath;
  const found = await findRolloutPath(ctx.base.home, id);
  if (!found) throw rpcError.invalidRequest(`thread ${id} is not loaded and has no rollout under ${ctx.base.home}`);
  return found;
}

export const threadRead: Handler<'thread/read'> = async (ctx, params) => {
  const path = await threadPath(ctx, params.threadId);
  const facts = await readThreadFacts(path);
  const turns = params.includeTurns ? turnsFromRecords(await readRollout(path)) : [];
  return { result: { thread: threadView(facts, turns, ctx.providerId) } };
};
