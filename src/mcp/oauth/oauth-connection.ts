// OAuth when a thread connects to a streamable-HTTP MCP server: the server's stored tokens (if any)
// become the transport's auth provider, refreshed first when they expire within Codex's margin; the
// SDK refreshes again if the server refuses them. A server that answers 401 with nothing usable
// stored is reported as needing `weft mcp login`, the command that fixes it.
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { McpServerToml } from '../../../protocol/config.js';
import { ToolError, errorMessage } from '../../errors.js';
import { oauthApplies, type McpOAuthContext } from './oauth-settings.js';
import { StoredTokenProvider } from './stored-token-provider.js';

export class McpLoginRequiredError extends ToolError {
  constructor(
    readonly server: string,
    detail?: string,
  ) {
    super(`MCP server ${server} needs an OAuth login: run \`weft mcp login ${server}\`${detail ? ` (${detail})` : ''}`);
  }
}

/** The server answered 401: it wants credentials weft does not have (or no longer has). */
export function isUnauthorized(err: unknown): boolean {
  if (err instanceof UnauthorizedError) return true;
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 401;
}

/** The auth provider for a server with stored tokens (refreshed when due); undefined without any. */
export async function storedAuthProvider(name: string, config: McpServerToml, oauth: McpOAuthContext | undefined): Promise<StoredTokenProvider | undefined> {
  if (oauth === undefined || config.url === undefined || !oauthApplies(config)) return undefined;
  const provider = await StoredTokenProvider.forConnection(oauth, name, config.url);
  if (provider === undefined || !provider.refreshDue) return provider;
  let result: Awaited<ReturnType<typeof auth>>;
  try {
    result = await auth(provider, { serverUrl: config.url, fetchFn: provider.refreshFetch() });
  } catch (err) {
    throw new McpLoginRequiredError(name, `its stored token expired and the refresh failed: ${errorMessage(err)}`);
  }
  if (result !== 'AUTHORIZED') throw new McpLoginRequiredError(name, 'its stored token expired and could not be refreshed');
  return provider;
}
