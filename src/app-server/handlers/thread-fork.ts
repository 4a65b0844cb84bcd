// thread/fork: a new thread that starts as a copy of a stored one; announced with thread/started.
// Without settings params the fork runs with the configured defaults, not the parent's (as Codex).
import { configOverridesOf, threadOverrides } from '../settings-params.js';
import { validThreadId } from '../server-context.js';
import { readThreadFacts } from '../thread-view.js';
import type { Handler } from './handler.js';
import { fullHistoryNotice, openedThreadResponse, reportTokenTotals } from './opened-thread.js';

export const threadFork: Handler<'thread/fork'> = async (ctx, params, wire) => {
  const ref = params.path ?? validThreadId(params.threadId);
  const weft = await ctx.weft(configOverridesOf(params));
  const overrides = threadOverrides(params);
  const cwdOverride = params.cwd ? await ctx.resolveCwd(params.cwd) : undefined;
  const thread = await weft.forkThread(ref, {
    overrides: { ...overrides, ...(cwdOverride ? { cwd: cwdOverride } : {}) },
    repeatDeveloperInstructions: false,
    keyCheckedAtFirstCall: true,
  });
  const cwd = cwdOverride ?? (await readThreadFacts(ctx.base.store, thread.rolloutPath)).meta.cwd;
  const loaded = ctx.load(thread, weft, cwd, overrides);
  const opened = await openedThreadResponse(ctx, loaded, 'fork', true);
  fullHistoryNotice(ctx, 'thread/fork', wire?.excludeTurns);
  return {
    result: opened.result,
    after: () => {
      reportTokenTotals(ctx, loaded, opened.turns);
      const thread = ctx.generation.forkAnnouncedWithTurns ? opened.thread : { ...opened.thread, turns: [] };
      ctx.notify('thread/started', { thread } as never);
    },
  };
};
