// The answer of thread/start, thread/resume and thread/fork: the thread and its settings, in the
// shape of the generation spoken, plus what the generation says around it (a notice when the whole
// history is loaded, the thread's token totals and state after it was reopened).
import { providerId } from '../../engine/provider-settings.js';
import { historyRecords } from '../history-records.js';
import type { OpenKind, TurnState } from '../generation/generation.js';
import type { LoadedThread } from '../loaded-thread.js';
import type { ServerContext } from '../server-context.js';
import { settingsView } from '../settings-params.js';
import { readThreadFacts } from '../thread-view.js';
import { tokenUsageParams } from '../turn-notifier.js';

export interface OpenedThread {
  readonly result: Record<string, unknown>;
  /** The thread object (thread/started carries it). */
  readonly thread: Record<string, unknown>;
  readonly turns: TurnState[];
}

export async function openedThreadResponse(ctx: ServerContext, loaded: LoadedThread, kind: OpenKind, withTurns: boolean, excludeTurns = false): Promise<OpenedThread> {
  const gen = ctx.generation;
  const path = loaded.thread.rolloutPath;
  const provider = providerId(loaded.weft.runtime.config);
  const [facts, records, settings] = await Promise.all([
    readThreadFacts(ctx.base.store, path).then((f) => ctx.withName(f)),
    withTurns ? historyRecords(ctx.base.store, path) : Promise.resolve([]),
    loaded.settings(),
  ]);
  loaded.knownModel = settings.model.slug;
  const turns = gen.turnsFromRecords(records);
  const thread = gen.thread(facts, excludeTurns ? [] : turns, await ctx.live(loaded.id), provider);
  const result = gen.openedResult(kind, { thread, ...settingsView(settings, provider) }, turns, excludeTurns);
  return { result, thread, turns };
}

/** A `deprecationNotice` before an answer that carries the whole history, where the generation sends one. */
export function fullHistoryNotice(ctx: ServerContext, method: 'thread/resume' | 'thread/fork' | 'thread/read', excludeTurns: unknown): void {
  const summary = excludeTurns === true ? undefined : ctx.generation.fullHistoryNotice(method);
  if (summary) ctx.notifyAny('deprecationNotice', { summary, details: null });
}

/** The reopened thread's token totals (under its last turn), as the generation reports them after a resume or fork. */
export function reportTokenTotals(ctx: ServerContext, loaded: LoadedThread, turns: readonly TurnState[]): void {
  const info = loaded.thread.tokenInfo;
  const last = turns[turns.length - 1];
  if (!ctx.generation.reportsThreadStatus || !info || !last) return;
  ctx.notify('thread/tokenUsage/updated', tokenUsageParams(loaded.id, last.id, info));
}
