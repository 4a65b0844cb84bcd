// thread/archive, thread/unarchive, thread/name/set and thread/rollback: changes to a thread's
// record rather than turns.
import { appendThreadNameToIndex } from '../../rollout/store/session-index.js';
import { rpcError } from '../rpc-errors.js';
import { validThreadId } from '../server-context.js';
import { readThreadFacts } from '../thread-view.js';
import type { Handler } from './handler.js';
import { threadObject, threadPath } from './thread-queries.js';

export const threadArchive: Handler<'thread/archive'> = async (ctx, params) => {
  const id = validThreadId(params.threadId);
  const loaded = ctx.loaded.get(id);
  if (loaded?.busy) throw rpcError.invalidRequest(`thread ${id} is running a turn; interrupt it (turn/interrupt) before archiving`);
  const path = await threadPath(ctx, id);
  if (loaded) {
    ctx.loaded.delete(id);
    await loaded.close();
    // As Codex 0.169 tells it: the thread is unloaded, then archived, then the answer comes.
    if (ctx.generation.reportsThreadStatus) ctx.notifyAny('thread/status/changed', { threadId: id, status: { type: 'notLoaded' } });
  }
  await ctx.base.store.archive(path);
  if (ctx.generation.announcesArchiving) ctx.notifyAny('thread/archived', { threadId: id });
  return { result: {} };
};

export const threadUnarchive: Handler<'thread/unarchive'> = async (ctx, params) => {
  const path = await threadPath(ctx, params.threadId);
  if (!ctx.base.store.isArchived(path)) throw rpcError.invalidRequest(`thread ${params.threadId} is not archived`);
  const restored = await ctx.base.store.unarchive(path);
  const thread = ctx.generation.thread(await ctx.withName(await readThreadFacts(ctx.base.store, restored)), [], undefined, ctx.providerId);
  const threadId = validThreadId(params.threadId);
  // Told before the answer, as Codex 0.169 tells it.
  if (ctx.generation.announcesArchiving) ctx.notifyAny('thread/unarchived', { threadId });
  return { result: { thread } };
};

export const threadSetName: Handler<'thread/name/set'> = async (ctx, params) => {
  const id = validThreadId(params.threadId);
  const name = params.name.trim();
  if (name === '') throw rpcError.invalidField('name', 'must not be empty');
  const loaded = ctx.loaded.get(id);
  if (loaded) {
    await loaded.thread.setName(name);
    loaded.name = name;
  } else await ctx.base.store.name(await threadPath(ctx, id), id, name);
  // Codex's index of names, in the home: an ephemeral thread's name stays with the thread.
  if (loaded?.scratch === undefined) await appendThreadNameToIndex(ctx.base.home, id, name);
  return { result: {}, after: () => ctx.notify('thread/name/updated', { threadId: id, threadName: name }) };
};

export const threadRollback: Handler<'thread/rollback'> = async (ctx, params) => {
  if (params.numTurns < 1) throw rpcError.invalidField('numTurns', 'must be >= 1');
  const loaded = ctx.requireLoaded(params.threadId);
  if (loaded.busy) throw rpcError.invalidRequest(`thread ${loaded.id} is running a turn; roll it back after the turn`);
  await loaded.thread.rollback(params.numTurns);
  return { result: { thread: (await threadObject(ctx, loaded.id, true)) as never } };
};
