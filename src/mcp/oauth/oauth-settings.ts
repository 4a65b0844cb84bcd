// The configuration MCP OAuth reads: where tokens are kept (credential-store.ts) and where the
// callback listens.
import type { ConfigToml, McpServerToml } from '../../../protocol/config.js';

export interface McpOAuthContext {
  /** The home whose `.credentials.json` holds the tokens (a Codex home shares Codex's). */
  readonly home: string;
  readonly store: 'auto' | 'file' | 'keyring';
  readonly callbackPort?: number | undefined;
  readonly callbackUrl?: string | undefined;
}

export function mcpOAuthContext(home: string, config: ConfigToml): McpOAuthContext {
  return {
    home,
    store: config.mcp_oauth_credentials_store ?? 'auto',
    callbackPort: config.mcp_oauth_callback_port,
    callbackUrl: config.mcp_oauth_callback_url,
  };
}

/** True when a server is reached over HTTP without a configured bearer token: OAuth applies to it. */
export function oauthApplies(config: McpServerToml): boolean {
  if (config.url === undefined || config.bearer_token_env_var !== undefined) return false;
  const headers = Object.keys({ ...(config.http_headers ?? {}), ...(config.env_http_headers ?? {}) });
  return !headers.some((h) => h.toLowerCase() === 'authorization');
}
