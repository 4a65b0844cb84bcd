// `mcpServer/oauth/login` (0.169 schema): an OAuth login for a configured streamable-HTTP MCP
// server, as `weft mcp login` runs it. The answer carries the URL the client opens and a login id;
// `mcpServer/oauthLogin/completed` follows when the browser came back and the tokens are stored
// (or the login failed or timed out). weft registers itself dynamically (`auto`, `dcr`); client id
// metadata documents (`cimd`) are refused.
import { randomUUID } from 'node:crypto';
import { errorMessage } from '../../errors.js';
import { mcpOAuthContext, oauthApplies } from '../../mcp/oauth/oauth-settings.js';
import { rpcError } from '../rpc-errors.js';
import type { Handler } from './handler.js';

export const mcpServerOauthLogin: Handler<'mcpServer/oauth/login'> = async (ctx, params) => {
  const { runtime } = ctx.base;
  const config = runtime.config.mcp_servers?.[params.name];
  if (config === undefined) throw rpcError.invalidRequest(`no MCP server named ${params.name} is configured`);
  if (config.url === undefined) throw rpcError.invalidRequest(`MCP server ${params.name} runs over stdio; OAuth login is for servers with a url`);
  if (!oauthApplies(config)) throw rpcError.invalidRequest(`MCP server ${params.name} is given a bearer token; OAuth login does not apply`);
  if (params.clientRegistration === 'cimd') throw rpcError.invalidField('clientRegistration', 'weft registers with dynamic client registration only (auto or dcr)');
  const oauth = mcpOAuthContext(runtime.home, runtime.config);
  if (params.timeoutSecs != null && params.timeoutSecs < 1) throw rpcError.invalidField('timeoutSecs', 'expected at least 1 second');

  const { startMcpOAuthLogin } = await import('../../mcp/oauth/oauth-login.js');
  let login;
  try {
    login = await startMcpOAuthLogin({
      home: runtime.home,
      store: oauth.store,
      serverName: params.name,
      serverUrl: config.url,
      scopes: params.scopes ?? config.scopes,
      resource: config.oauth_resource,
      callbackPort: oauth.callbackPort,
      callbackUrl: oauth.callbackUrl,
      ...(params.timeoutSecs != null ? { timeoutMs: params.timeoutSecs * 1000 } : {}),
    });
  } catch (err) {
    throw rpcError.invalidRequest(errorMessage(err));
  }
  const loginId = randomUUID();
  const threadId = params.threadId ?? null;
  return {
    result: { authorizationUrl: login.authorizationUrl, loginId },
    after: () => {
      login.completed.then(
        () => ctx.notify('mcpServer/oauthLogin/completed', { name: params.name, success: true, error: null, loginId, threadId }),
        (err: unknown) => ctx.notify('mcpServer/oauthLogin/completed', { name: params.name, success: false, error: errorMessage(err), loginId, threadId }),
      );
    },
  };
};
