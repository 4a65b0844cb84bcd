// mcpServerStatus/list: the MCP servers a thread (or, without a thread id, the server's own
// configuration) has: connected or failed, with their tools, resources and resource templates.
// Without a thread the servers are started for the answer and stopped after it.
import type { McpServerStatus } from '../../../protocol/app-server/mcp.js';
import type { McpServerToml } from '../../../protocol/config.js';
import { enabledServers } from '../../mcp/enabled-servers.js';
import { loadStoredTokens } from '../../mcp/oauth/credential-store.js';
import { mcpOAuthContext, oauthApplies, type McpOAuthContext } from '../../mcp/oauth/oauth-settings.js';
import type { McpHub } from '../../mcp/mcp-hub.js';
import { rpcError } from '../rpc-errors.js';
import type { Handler } from './handler.js';

/** How a server authenticates: its bearer token, stored OAuth tokens, or a login it still needs. */
async function authStatus(name: string, config: McpServerToml, oauth: McpOAuthContext, loginRequired: boolean): Promise<McpServerStatus['authStatus']> {
  if (config.command !== undefined) return 'unsupported';
  if (config.bearer_token_env_var !== undefined) return 'bearerToken';
  if (config.url !== undefined && oauthApplies(config)) {
    const stored = await loadStoredTokens(oauth, name, config.url).catch(() => undefined);
    if (stored !== undefined) return 'oAuth';
  }
  return loginRequired ? 'notLoggedIn' : 'unknown';
}

function httpOrigin(config: McpServerToml): string | null {
  if (config.url === undefined) return null;
  try {
    return new URL(config.url).origin;
  } catch {
    return null;
  }
}

async function statusOf(entry: ReturnType<McpHub['servers']>[number], hub: McpHub, full: boolean, oauth: McpOAuthContext): Promise<McpServerStatus> {
  const conn = entry.connection;
  const live = conn !== undefined && !conn.closed;
  const listed = async (kind: 'resources' | 'templates'): Promise<unknown[]> => {
    if (!live || !full) return [];
    try {
      return (await hub.listResources(kind, entry.name, undefined)).items.map((item) => {
        const { server: _server, ...rest } = item as Record<string, unknown>;
        return rest;
      });
    } catch {
      return []; // A server without resources.
    }
  };
  const info = conn?.serverInfo;
  return {
    name: entry.name,
    authStatus: await authStatus(entry.name, entry.config, oauth, hub.loginRequired(entry.name)),
    runtimeStatus: live ? 'connected' : hub.loginRequired(entry.name) ? 'authenticationRequired' : 'failed',
    serverInfo: info ? { name: info.name, version: info.version, title: info.title ?? null } : null,
    serverCapabilities: conn?.capabilities ?? null,
    httpOrigin: httpOrigin(entry.config),
    tools: Object.fromEntries((conn?.tools ?? []).map((t) => [t.name, t])),
    toolsError: live ? null : (entry.error ?? 'the server stopped'),
    resources: await listed('resources'),
    resourceTemplates: await listed('templates'),
  };
}

export const mcpServerStatusList: Handler<'mcpServerStatus/list'> = async (ctx, params) => {
  const full = params.detail !== 'toolsAndAuthOnly';
  let hub: McpHub;
  let owned = false;
  if (params.threadId) {
    const loaded = ctx.requireLoaded(params.threadId);
    const session = loaded.thread.mcp;
    if (session === undefined) return { result: { data: [], nextCursor: null } };
    hub = await session.hub(loaded.cwd);
  } else {
    const servers = ctx.base.runtime.config.mcp_servers ?? {};
    if (enabledServers(servers).length === 0) return { result: { data: [], nextCursor: null } };
    const { McpHub } = await import('../../mcp/mcp-hub.js');
    hub = await McpHub.start({ servers, env: ctx.base.runtime.env, cwd: ctx.options.cwd, oauth: mcpOAuthContext(ctx.base.runtime.home, ctx.base.runtime.config) });
    owned = true;
  }
  try {
    const entries = hub.servers().filter((s) => !params.serverName || s.name === params.serverName);
    const start = params.cursor ? Number(params.cursor) : 0;
    if (!Number.isInteger(start) || start < 0) throw rpcError.invalidField('cursor', 'not a cursor this server returned');
    const limit = params.limit ?? entries.length;
    const page = entries.slice(start, start + limit);
    const oauth = mcpOAuthContext(ctx.base.runtime.home, ctx.base.runtime.config);
    const data = await Promise.all(page.map((entry) => statusOf(entry, hub, full, oauth)));
    return { result: { data, nextCursor: start + limit < entries.length ? String(start + limit) : null } };
  } finally {
    if (owned) await hub.close();
  }
};
