// A thread another app-server runs (they share a Postgres thread store; that server holds the
// thread's writer lease). `thread/resume` here answers from the store and follows the thread: the
// other server's notifications of it reach this client, in order, as they reach its own clients.
// `turn/start` here takes the thread over when the other server has let go of it (unloaded, or died:
// its lease went with its connection); while it holds it, the answer is Codex's for a thread with
// another writer (rpc-errors.ts).
import type { SettingsOverrides } from '../../config/resolve-settings.js';
import { turnSettingsFor } from '../../engine/new-thread-context.js';
import { providerId } from '../../engine/provider-settings.js';
import type { Weft } from '../../engine/weft.js';
import { historyRecords } from '../history-records.js';
import type { LoadedThread } from '../loaded-thread.js';
import type { ServerContext } from '../server-context.js';
import { settingsView } from '../settings-params.js';
import { readThreadFacts } from '../thread-view.js';
import type { HandlerResult } from './handler.js';
import { fullHistoryNotice } from './opened-thread.js';

/** The answer to `thread/resume` of a thread another server writes; from now on this client follows it. */
export async function followElsewhere(ctx: ServerContext, weft: Weft, threadId: string, overrides: SettingsOverrides, excludeTurns: boolean): Promise<HandlerResult> {
  const relay = ctx.relay;
  if (!relay) throw new Error('following a thread needs the relay of a shared thread store');
  const path = await weft.store.locate(threadId);
  const facts = await ctx.withName(await readThreadFacts(weft.store, path));
  const turns = ctx.generation.turnsFromRecords(await historyRecords(weft.store, path));
  const { settings } = await turnSettingsFor(weft.runtime, { cwd: facts.meta.cwd, overrides: { ...overrides, cwd: facts.meta.cwd } });
  const provider = providerId(weft.runtime.config);
  // Loaded on the other server: its turns' thread/status/changed follow through the relay.
  const live = { status: { type: 'idle' as const }, model: settings.model.slug, reasoningEffort: settings.reasoningEffort ?? null, ephemeral: false, name: facts.name ?? null };
  const thread = ctx.generation.thread(facts, excludeTurns ? [] : turns, live, provider);
  const result = ctx.generation.openedResult('resume', { thread, ...settingsView(settings, provider) }, turns, excludeTurns);
  if (!ctx.followed.has(threadId)) {
    const stop = await relay.follow(threadId, (method, params, at) => ctx.notifyAny(method, params, at));
    ctx.followed.set(threadId, stop);
  }
  fullHistoryNotice(ctx, 'thread/resume', excludeTurns);
  return { result };
}

/**
 * Opens for writing here a thread this client follows. Throws (Codex's answer for a thread with
 * another writer) while the other server still holds it.
 */
export async function takeOver(ctx: ServerContext, threadId: string): Promise<LoadedThread> {
  const weft = ctx.base;
  const thread = await weft.resumeThread(threadId, { repeatDeveloperInstructions: false });
  const loaded = ctx.loaded.get(threadId);
  if (loaded) {
    // Another request of this client took it over first.
    await thread.close();
    return loaded;
  }
  const cwd = (await readThreadFacts(weft.store, thread.rolloutPath)).meta.cwd;
  return ctx.load(thread, weft, cwd, {});
}
