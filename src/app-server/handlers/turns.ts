// turn/start, turn/steer, turn/interrupt and thread/compact/start: work on a loaded thread.
import { rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { LoadedThread } from '../loaded-thread.js';
import { hasOverrides, turnOverrides } from '../settings-params.js';
import { echoInput } from '../user-input.js';
import type { Handler } from './handler.js';
import { takeOver } from './thread-followed.js';

/** 0.169 warns, before answering a new turn, that a model has no catalog entry (weft uses default facts for it). */
function warnOfUnknownModel(ctx: ServerContext, loaded: LoadedThread, model: string | null | undefined): void {
  const slug = model ?? loaded.knownModel;
  if (!ctx.generation.warnsOfUnknownModel || slug === undefined) return;
  if (loaded.weft.runtime.catalog.some((m) => m.slug === slug)) return;
  ctx.notifyAny('warning', { threadId: loaded.id, message: `No model facts for \`${slug}\` are known; weft uses default ones, which may not suit it.` });
}

// Synchronous up to the registration of the turn, so that an interrupt sent right after the
// request finds the turn.
export const turnStart: Handler<'turn/start'> = (ctx, params) => {
  // A thread followed from another server: taken over here if that server has let go of it.
  if (!ctx.loaded.has(params.threadId) && ctx.followed.has(params.threadId)) return takeOver(ctx, params.threadId).then(() => turnStart(ctx, params));
  const loaded = ctx.requireLoaded(params.threadId);
  const overrides = turnOverrides(params);
  if (loaded.activeTurnId === undefined) warnOfUnknownModel(ctx, loaded, params.model);
  const { turn, after } = loaded.startTurn({
    input: echoInput(params.input),
    overrides,
    changesSettings: hasOverrides(overrides),
    outputSchema: params.outputSchema ?? undefined,
  });
  if (params.model) loaded.knownModel = params.model;
  // A change of the thread's settings is reported before the answer (0.169), in the order the turns came.
  const reported = loaded.settingsReports?.pending();
  return reported === undefined ? { result: { turn }, after } : reported.then(() => ({ result: { turn }, after }));
};

export const turnSteer: Handler<'turn/steer'> = (ctx, params) => {
  const loaded = ctx.requireLoaded(params.threadId);
  const active = loaded.activeTurnId;
  if (active === undefined) throw rpcError.invalidRequest(`thread ${loaded.id} has no turn running to steer`);
  if (active !== params.expectedTurnId) {
    throw rpcError.invalidRequest(`expectedTurnId ${params.expectedTurnId} is not the running turn of thread ${loaded.id} (that is ${active})`);
  }
  if (params.input.length === 0) throw rpcError.invalidField('input', 'must hold at least one item');
  loaded.steer(echoInput(params.input));
  return { result: { turnId: active } };
};

export const turnInterrupt: Handler<'turn/interrupt'> = (ctx, params) => {
  const loaded = ctx.requireLoaded(params.threadId);
  // 0.98: whatever runs is stopped, whichever turn id is named, and nothing running is no error;
  // 0.169 holds the request to the running turn (LoadedThread.interrupt).
  loaded.interrupt(params.turnId);
  return { result: {} };
};

export const threadCompactStart: Handler<'thread/compact/start'> = (ctx, params) => {
  const loaded = ctx.requireLoaded(params.threadId);
  return { result: {}, after: loaded.compact() };
};
