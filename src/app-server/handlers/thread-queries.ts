// thread/list, thread/loaded/list and thread/read: what is stored and what is open.
import { historyRecords } from '../history-records.js';
import { rpcError } from '../rpc-errors.js';
import { validThreadId, type ServerContext } from '../server-context.js';
import { listThreadPage, type ThreadListQuery } from '../thread-listing.js';
import { threadNamesFromIndex } from '../../rollout/store/session-index.js';
import { hasReadState, threadReadState, type ThreadReadState } from '../thread-read-state.js';
import { withOrganizedFields } from '../thread-organization.js';
import { readThreadFacts } from '../thread-view.js';
import type { Handler, HandlerResult } from './handler.js';
import { fullHistoryNotice } from './opened-thread.js';

/** Either generation's params: 0.169's filters are a superset of 0.98's. */
export async function threadList(ctx: ServerContext, params: ThreadListQuery): Promise<HandlerResult> {
  const names = await threadNamesFromIndex(ctx.base.home);
  const page = await listThreadPage(ctx.base.store, params, ctx.providerId, names);
  const readStates: Record<string, ThreadReadState> = {};
  const data = await Promise.all(
    page.data.map(async (f) => {
      const live = await ctx.live(f.meta.id);
      if (hasReadState(f.meta.source, live?.ephemeral ?? false)) readStates[f.meta.id] = await threadReadState(ctx.base.store, f.meta.id, f.path);
      return ctx.generation.thread(await ctx.withName(f, names), [], live, ctx.providerId);
    }),
  );
  return { result: ctx.generation.listResult(withOrganizedFields(ctx, data), page.nextCursor, readStates) };
}

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
  const found = await ctx.base.store.find(id);
  if (!found) throw rpcError.invalidRequest(`thread ${id} is not loaded and has no rollout under ${ctx.base.home}`);
  return found;
}

/** A thread object of the generation spoken, with its turns when asked for. */
export async function threadObject(ctx: ServerContext, threadId: string, withTurns: boolean): Promise<Record<string, unknown>> {
  const path = await threadPath(ctx, threadId);
  const facts = await ctx.withName(await readThreadFacts(ctx.base.store, path));
  const turns = withTurns ? ctx.generation.turnsFromRecords(await historyRecords(ctx.base.store, path)) : [];
  return ctx.generation.thread(facts, turns, await ctx.live(facts.meta.id), ctx.providerId);
}

export const threadRead: Handler<'thread/read'> = async (ctx, params) => {
  const [thread = {}] = withOrganizedFields(ctx, [await threadObject(ctx, params.threadId, params.includeTurns === true)]);
  if (params.includeTurns) fullHistoryNotice(ctx, 'thread/read', false);
  const id = String(thread.id);
  const path = typeof thread.path === 'string' ? thread.path : undefined;
  const readState = path && hasReadState(thread.source, thread.ephemeral === true) ? await threadReadState(ctx.base.store, id, path) : null;
  return { result: ctx.generation.readResult(thread, readState) };
};
