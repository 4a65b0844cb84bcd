// `$CODEX_HOME/.credentials.json`: the file Codex keeps MCP OAuth tokens in when it does not use the
// OS keyring (`mcp_oauth_credentials_store = "file"`, or "auto" without a keyring). One object keyed
// by `<server name>|<16 hex of the SHA-256 of {"type":"http","url":URL,"headers":{}}>`; each entry
// names its server and URL, the OAuth client, and the tokens. `expires_at` is in milliseconds since
// the epoch. weft reads and writes the same file, so a login made by either is used by both.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const StoredMcpOAuthEntry = lazySchema(() =>
  z.looseObject({
    server_name: z.string(),
    server_url: z.string(),
    client_id: z.string(),
    access_token: z.string(),
    expires_at: z.number().nonnegative().nullish(),
    refresh_token: z.string().nullish(),
    scopes: z.array(z.string()).default([]),
  }),
);
export type StoredMcpOAuthEntry = z.infer<typeof StoredMcpOAuthEntry>;

export const McpOAuthCredentialsFile = lazySchema(() => z.record(z.string(), StoredMcpOAuthEntry));
export type McpOAuthCredentialsFile = z.infer<typeof McpOAuthCredentialsFile>;

/**
 * One server's tokens as Codex keeps them in the OS keyring (service `Codex MCP Credentials`, account
 * the entry key above): the token endpoint's answer as it came (`scope` space-separated), with the
 * server, its URL, the client and `expires_at` (milliseconds) around it. Field order is Codex's.
 */
export const KeyringTokens = lazySchema(() =>
  z.looseObject({
    server_name: z.string(),
    url: z.string(),
    client_id: z.string(),
    token_response: z.looseObject({
      access_token: z.string(),
      token_type: z.string(),
      expires_in: z.number().nonnegative().optional(),
      refresh_token: z.string().optional(),
      scope: z.string().optional(),
    }),
    expires_at: z.number().nonnegative().nullish(),
  }),
);
export type KeyringTokens = z.infer<typeof KeyringTokens>;
