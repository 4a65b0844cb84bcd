// A client's own calls into MCP servers (0.169 schema): `mcpServer/tool/call` calls one tool of a
// loaded thread's server; `mcpServer/resource/read` reads one resource of a thread's server, or,
// without a thread id, of the configured servers (started for the answer and stopped after it, as
// mcpServerStatus/list does). A server that is not running or refuses answers with an error that
// names it; a tool that reports its own failure answers normally with `isError`.
import { errorMessage } from '../../errors.js';
import { mcpOAuthContext } from '../../mcp/oauth/oauth-settings.js';
import type { McpHub } from '../../mcp/mcp-hub.js';
import { enabledServers } from '../../mcp/enabled-servers.js';
import { rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { Handler } from './handler.js';

/** The hub of a loaded thread; an error when the thread has no MCP servers. */
async function threadHub(ctx: ServerContext, threadId: string): Promise<McpHub> {
  const loaded = ctx.requireLoaded(threadId);
  const session = loaded.thread.mcp;
  if (session === undefined) throw rpcError.invalidRequest(`thread ${threadId} has no MCP servers configured`);
  return session.hub(loaded.cwd);
}

function argumentsOf(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw rpcError.invalidField('arguments', 'expected an object of the tool\'s arguments');
  return value as Record<string, unknown>;
}

export const mcpServerToolCall: Handler<'mcpServer/tool/call'> = async (ctx, params) => {
  const args = argumentsOf(params.arguments);
  const hub = await threadHub(ctx, params.threadId);
  let result;
  try {
    result = await hub.callByName(params.server, params.tool, args);
  } catch (err) {
    throw rpcError.invalidRequest(`mcpServer/tool/call ${params.server}/${params.tool}: ${errorMessage(err)}`);
  }
  return {
    result: {
      content: result.content,
      ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
      isError: result.isError ?? null,
      ...(result._meta !== undefined ? { _meta: result._meta } : {}),
    },
  };
};

export const mcpServerResourceRead: Handler<'mcpServer/resource/read'> = async (ctx, params) => {
  let hub: McpHub;
  let owned = false;
  if (params.threadId) hub = await threadHub(ctx, params.threadId);
  else {
    const servers = ctx.base.runtime.config.mcp_servers ?? {};
    if (!enabledServers(servers).some(([name]) => name === params.server)) throw rpcError.invalidRequest(`no MCP server named ${params.server} is configured`);
    const { McpHub } = await import('../../mcp/mcp-hub.js');
    hub = await McpHub.start({ servers: { [params.server]: servers[params.server] as NonNullable<(typeof servers)[string]> }, env: ctx.base.runtime.env, cwd: ctx.options.cwd, oauth: mcpOAuthContext(ctx.base.runtime.home, ctx.base.runtime.config) });
    owned = true;
  }
  try {
    const contents = await hub.readResource(params.server, params.uri);
    return { result: { contents: contents as { uri: string; text: string }[] } };
  } catch (err) {
    throw rpcError.invalidRequest(`mcpServer/resource/read ${params.server} ${params.uri}: ${errorMessage(err)}`);
  } finally {
    if (owned) await hub.close();
  }
};
