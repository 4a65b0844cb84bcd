// thread/start: a new thread, with the client's dynamic tools; announced with thread/started. An
// ephemeral thread (where the generation has them) keeps its rollout in a directory of its own
// outside weft's home, removed when the thread closes: nothing of it outlives the server.
import { rpcError } from '../rpc-errors.js';
import { addDynamicTools } from '../dynamic-tools.js';
import { configOverridesOf, threadOverrides } from '../settings-params.js';
import type { Handler } from './handler.js';
import { openedThreadResponse } from './opened-thread.js';
import { ephemeralHome } from '../ephemeral-home.js';

export const threadStart: Handler<'thread/start'> = async (ctx, params) => {
  const tools = params.dynamicTools ?? [];
  if (tools.length > 0 && !ctx.experimental) throw rpcError.invalidRequest('thread/start.dynamicTools requires experimentalApi capability');
  if (params.ephemeral && !ctx.generation.ephemeralThreads) {
    throw rpcError.invalidField('ephemeral', 'threads without a rollout are not supported by this protocol generation; omit it or pass false');
  }
  const weft = await ctx.weft(configOverridesOf(params));
  const cwd = await ctx.resolveCwd(params.cwd);
  const overrides = { ...threadOverrides(params), cwd };
  const scratch = params.ephemeral ? await ephemeralHome() : undefined;
  const thread = await weft.startThread({ cwd, overrides, keyCheckedAtFirstCall: true, ...(scratch ? { rolloutHome: scratch.dir } : {}) });
  if (tools.length > 0) addDynamicTools(thread, tools, ctx.conn, weft.runtime.pack.text('tool_output/dynamic_tool_failed.txt'));
  const loaded = ctx.load(thread, weft, cwd, overrides, scratch);
  const { result, thread: view } = await openedThreadResponse(ctx, loaded, 'start', false);
  return { result, after: () => ctx.notify('thread/started', { thread: view } as never) };
};
