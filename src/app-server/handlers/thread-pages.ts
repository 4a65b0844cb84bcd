// 0.169's paged history: thread/turns/list and thread/items/list read a thread's turns from its
// rollout a page at a time (cursors are positions, newest first unless asked otherwise);
// thread/revert drops the turns from a given one on, as a rollback of that many turns.
import type { z } from 'zod';
import type { ThreadItemsListParams0169, ThreadRevertParams0169, ThreadTurnsListParams0169 } from '../../../protocol/app-server/v0169/params.js';
import { historyRecords } from '../history-records.js';
import type { TurnState } from '../generation/generation.js';
import { isCompactionTurn } from '../generation/v0169/history-turns.js';
import { item0169, turn0169 } from '../generation/v0169/views.js';
import { rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';
import { threadObject, threadPath } from './thread-queries.js';

const DEFAULT_PAGE = 25;

async function historyOf(ctx: ServerContext, threadId: string): Promise<TurnState[]> {
  return ctx.generation.turnsFromRecords(await historyRecords(ctx.base.store, await threadPath(ctx, threadId)));
}

/** One page of `all` from `cursor` (a position this server returned), in the order asked. */
function page<T>(all: readonly T[], cursor: string | null | undefined, limit: number | null | undefined, direction: string | null | undefined) {
  const ordered = direction === 'asc' ? [...all] : [...all].reverse();
  const start = cursor ? Number(cursor) : 0;
  if (!Number.isInteger(start) || start < 0) throw rpcError.invalidRequest(`cursor ${JSON.stringify(cursor)} is not a cursor this server returned`);
  const size = limit ?? DEFAULT_PAGE;
  const end = Math.min(ordered.length, start + size);
  return {
    data: ordered.slice(start, end),
    nextCursor: end < ordered.length ? String(end) : null,
    backwardsCursor: start > 0 ? String(Math.max(0, start - size)) : null,
  };
}

export async function threadTurnsList(ctx: ServerContext, params: z.infer<typeof ThreadTurnsListParams0169>): Promise<HandlerResult> {
  const turns = await historyOf(ctx, params.threadId);
  const p = page(turns, params.cursor, params.limit, params.sortDirection);
  const view = (t: TurnState) => (params.itemsView === 'notLoaded' ? turn0169({ ...t, items: [] }) : { ...turn0169(t), itemsView: 'full' });
  return { result: { data: p.data.map(view), nextCursor: p.nextCursor, backwardsCursor: p.backwardsCursor } };
}

export async function threadItemsList(ctx: ServerContext, params: z.infer<typeof ThreadItemsListParams0169>): Promise<HandlerResult> {
  const turns = (await historyOf(ctx, params.threadId)).filter((t) => !params.turnId || t.id === params.turnId);
  if (params.turnId && turns.length === 0) throw rpcError.invalidRequest(`turn not found: ${params.turnId}`);
  // Each entry names its turn; the item's times are on the entry too (0.169's ThreadItemEntry).
  const items = turns.flatMap((t) => t.items.map((i) => ({ turnId: t.id, item: item0169(i, t.startedAtMs, t.completedAtMs), startedAtMs: t.startedAtMs, completedAtMs: t.completedAtMs })));
  if (params.cursor !== undefined && params.cursor !== null && typeof params.cursor !== 'string') {
    throw rpcError.invalidRequest('item anchors as cursors are not supported by weft; pass a cursor this server returned');
  }
  const p = page(items, params.cursor, params.limit, params.sortDirection);
  return { result: { data: p.data, nextCursor: p.nextCursor, backwardsCursor: p.backwardsCursor } };
}

export async function threadRevert(ctx: ServerContext, params: z.infer<typeof ThreadRevertParams0169>): Promise<HandlerResult> {
  const loaded = ctx.requireLoaded(params.threadId);
  if (loaded.busy) throw rpcError.invalidRequest(`thread ${loaded.id} is running a turn; revert it after the turn`);
  const turns = await historyOf(ctx, loaded.id);
  const at = turns.findIndex((t) => t.id === params.beforeTurnId);
  if (at === -1) throw rpcError.invalidRequest(`turn not found: ${params.beforeTurnId}`);
  // A rollback counts user turns: compaction turns from `at` on go without being counted.
  await loaded.thread.rollback(turns.slice(at).filter((t) => !isCompactionTurn(t)).length);
  const thread = await threadObject(ctx, loaded.id, true);
  return {
    result: { thread, turnsBackwardsCursor: null, itemsBackwardsCursor: null },
    after: () => ctx.notifyAny('thread/reverted', { threadId: loaded.id, beforeTurnId: params.beforeTurnId }),
  };
}
