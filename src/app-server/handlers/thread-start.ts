// thread/start: a new thread, with the client's dynamic tools; announced with thread/started.
import { rpcError } from '../rpc-errors.js';
import { addDynamicTools } from '../dynamic-tools.js';
import { configOverridesOf, threadOverrides } from '../settings-params.js';
import type { Handler } from './handler.js';
import { openedThreadResponse } from './opened-thread.js';

export const threadStart: Handler<'thread/start'> = async (ctx, params) => {
  const tools = params.dynamicTools ?? [];
  if (tools.length > 0 && !ctx.experimental) throw rpcError.invalidRequest('thread/start.dynamicTools requires experimentalApi capability');
  // Weft records every thread; a client asking for one that leaves no trace must hear so.
  if (params.ephemeral) throw rpcError.invalidField('ephemeral', 'threads without a rollout are not supported; omit it or pass false');
  const weft = await ctx.weft(configOverridesOf(params));
  const cwd = await ctx.resolveCwd(params.cwd);
  const overrides = { ...threadOverrides(params), cwd };
  const thread = await weft.startThread({ cwd, overrides });
  if (tools.length > 0) addDynamicTools(thread, tools, ctx.conn, weft.runtime.pack.text('tool_output/dynamic_tool_failed.txt'));
  const loaded = ctx.load(thread, weft, cwd, overrides);
  const result = await openedThreadResponse(loaded, false);
  return { result, after: () => ctx.notify('thread/started', { thread: result.thread }) };
};
