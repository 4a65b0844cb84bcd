// thread/archive, thread/unarchive, thread/name/set and thread/rollback: changes to a thread's
// record rather than turns.
import { readRollout } from '../../rollout/reader.js';
import { archiveRollout, isArchivedPath, unarchiveRollout } from '../../rollout/archive.js';
import { nameStoredThread } from '../../rollout/thread-name.js';
import { rpcError } from '../rpc-errors.js';
import { validThreadId } from '../server-context.js';
import { readThreadFacts, threadView, turnsFromRecords } from '../thread-view.js';
import type { Handler } from './handler.js';
import { threadPath } from './thread-queries.js';

export const threadArchive: Handler<'thread/archive'> = async (ctx, params) => {
  const id = validThreadId(params.threadId);
  const loaded = ctx.loaded.get(id);
  if (loaded?.busy) throw rpcError.invalidRequest(`thread ${id} is running a turn; interrupt it (turn/interrupt) before archiving`);
  const path = await threadPath(ctx, id);
  if (loaded) {
    ctx.loaded.delete(id);
    await loaded.close();
  }
  await archiveRollout(ctx.base.home, path);
  return { result: {} };
};

export const threadUnarchive: Handler<'thread/unarchive'> = async (ctx, params) => {
  const path = await threadPath(ctx, params.threadId);
  if (!isArchivedPath(ctx.base.home, path)) throw rpcError.invalidRequest(`thread ${params.threadId} is not archived`);
  const restored = await unarchiveRollout(ctx.base.home, path);
  return { result: { thread: threadView(await readThreadFacts(restored), [], ctx.providerId) } };
};

export const threadSetName: Handler<'thread/name/set'> = async (ctx, params) => {
  const id = validThreadId(params.threadId);
  const name = params.name.trim();
  if (name === '') throw rpcError.invalidField('name', 'must not be empty');
  const loaded = ctx.loaded.get(id);
  if (loaded) await loaded.thread.setName(name);
  else await nameStoredThread(await threadPath(ctx, id), id, name);
  return { result: {}, after: () => ctx.notify('thread/name/updated', { threadId: id, threadName: name }) };
};

export const threadRollback: Handler<'thread/rollback'> = async (ctx, params) => {
  if (params.numTurns < 1) throw rpcError.invalidField('numTurns', 'must be >= 1');
  const loaded = ctx.requireLoaded(params.threadId);
  if (loaded.busy) throw rpcError.invalidRequest(`thread ${loaded.id} is running a turn; roll it back after the turn`);
  await loaded.thread.rollback(params.numTurns);
  const path = loaded.thread.rolloutPath;
  const [facts, records] = await Promise.all([readThreadFacts(path), readRollout(path)]);
  return { result: { thread: threadView(facts, turnsFromRecords(records), ctx.providerId) } };
};
