// thread/resume: reopen a stored thread by id (or rollout path). Like Codex's app-server, the fresh
// context it adds does not repeat the thread's developer instructions. 0.169 says the thread is
// idle before answering, and reports its token totals after.
import path from 'node:path';
import { readThreadFacts } from '../thread-view.js';
import { rpcError } from '../rpc-errors.js';
import { configOverridesOf, threadOverrides } from '../settings-params.js';
import { validThreadId } from '../server-context.js';
import type { Handler } from './handler.js';
import { ThreadWrittenElsewhereError } from '../../rollout/postgres/advisory-writer-lease.js';
import { followElsewhere } from './thread-followed.js';
import { fullHistoryNotice, openedThreadResponse, reportTokenTotals } from './opened-thread.js';

export const threadResume: Handler<'thread/resume'> = async (ctx, params, wire) => {
  if (params.history && params.history.length > 0) {
    throw rpcError.invalidField('history', 'resuming from a list of items is not supported; resume by threadId or path');
  }
  const ref = params.path ?? validThreadId(params.threadId);
  // Loaded already (by id or by its rollout): the server's thread holds the rollout's lock.
  const byPath = params.path ? path.resolve(params.path) : undefined;
  let loaded = byPath ? [...ctx.loaded.values()].find((t) => t.thread.rolloutPath === byPath) : ctx.loaded.get(ref);
  const reopened = loaded === undefined;
  if (!loaded) {
    const weft = await ctx.weft(configOverridesOf(params));
    const overrides = threadOverrides(params);
    const cwdOverride = params.cwd ? await ctx.resolveCwd(params.cwd) : undefined;
    let thread;
    try {
      thread = await weft.resumeThread(ref, {
        overrides: { ...overrides, ...(cwdOverride ? { cwd: cwdOverride } : {}) },
        repeatDeveloperInstructions: false,
      });
    } catch (err) {
      // Run by another server of a shared store: followed from here.
      if (err instanceof ThreadWrittenElsewhereError && ctx.relay) return followElsewhere(ctx, weft, err.threadId, overrides, wire?.excludeTurns === true);
      throw err;
    }
    const cwd = cwdOverride ?? (await readThreadFacts(ctx.base.store, thread.rolloutPath)).meta.cwd;
    loaded = ctx.load(thread, weft, cwd, overrides);
  }
  const opened = await openedThreadResponse(ctx, loaded, 'resume', true, wire?.excludeTurns === true);
  fullHistoryNotice(ctx, 'thread/resume', wire?.excludeTurns);
  const thread = loaded;
  if (ctx.generation.reportsThreadStatus) ctx.notifyAny('thread/status/changed', { threadId: thread.id, status: thread.status });
  return {
    result: opened.result,
    after: () => {
      if (!reopened) return;
      reportTokenTotals(ctx, thread, opened.turns);
      // No goals in weft: a reopened thread has none (0.169 says so).
      if (ctx.generation.reportsThreadStatus) ctx.notifyAny('thread/goal/cleared', { threadId: thread.id });
    },
  };
};
