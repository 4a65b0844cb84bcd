// thread/resume: reopen a stored thread by id (or rollout path). Like Codex's app-server, the fresh
// context it adds does not repeat the thread's developer instructions. No notification follows.
import path from 'node:path';
import { readThreadFacts } from '../thread-view.js';
import { rpcError } from '../rpc-errors.js';
import { configOverridesOf, threadOverrides } from '../settings-params.js';
import { validThreadId } from '../server-context.js';
import type { Handler } from './handler.js';
import { openedThreadResponse } from './opened-thread.js';

export const threadResume: Handler<'thread/resume'> = async (ctx, params) => {
  if (params.history && params.history.length > 0) {
    throw rpcError.invalidField('history', 'resuming from a list of items is not supported; resume by threadId or path');
  }
  const ref = params.path ?? validThreadId(params.threadId);
  // Loaded already (by id or by its rollout): the server's thread holds the rollout's lock.
  const byPath = params.path ? path.resolve(params.path) : undefined;
  const already = byPath ? [...ctx.loaded.values()].find((t) => t.thread.rolloutPath === byPath) : ctx.loaded.get(ref);
  if (already) return { result: await openedThreadResponse(already, true) };
  const weft = await ctx.weft(configOverridesOf(params));
  const overrides = threadOverrides(params);
  const cwdOverride = params.cwd ? await ctx.resolveCwd(params.cwd) : undefined;
  const thread = await weft.resumeThread(ref, {
    overrides: { ...overrides, ...(cwdOverride ? { cwd: cwdOverride } : {}) },
    repeatDeveloperInstructions: false,
  });
  const cwd = cwdOverride ?? (await readThreadFacts(thread.rolloutPath)).meta.cwd;
  const loaded = ctx.load(thread, weft, cwd, overrides);
  return { result: await openedThreadResponse(loaded, true) };
};
