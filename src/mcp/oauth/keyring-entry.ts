// MCP OAuth tokens in the OS keyring, where Codex keeps them (`mcp_oauth_credentials_store =
// "keyring"`, and first under "auto"): one item per server, service `Codex MCP Credentials`, account
// the entry key (`<name>|<hash of the URL>`), its secret the JSON of Codex's stored tokens
// (`server_name`, `url`, `client_id`, `token_response` as the token endpoint answered, `expires_at`).
// Checked against the Codex 0.169 binary on Linux's Secret Service: its `codex mcp logout` removed an
// item weft wrote. On Linux the item lives in the Secret Service; it is also written to the kernel
// keyring where that is allowed, because Codex reads its copy there first. `@napi-rs/keyring` is
// loaded only when a keyring is used.
import { createRequire } from 'node:module';
import { z } from 'zod';
import type { StoredMcpOAuthEntry } from '../../../protocol/mcp-oauth-credentials.js';
import { KeyringTokens } from '../../../protocol/mcp-oauth-credentials.js';
import { errorMessage } from '../../errors.js';
import { credentialsKey } from './credentials-file.js';

export const KEYRING_SERVICE = 'Codex MCP Credentials';

interface Entry {
  getPassword(): Promise<string | null>;
  setPassword(password: string): Promise<void>;
  deleteCredential(): Promise<boolean>;
}
type EntryClass = new (service: string, account: string, options?: { linux?: { store?: 'secret-service' | 'keyutils' } }) => Entry;

let entryClass: EntryClass | undefined;
function entry(account: string, store?: 'secret-service' | 'keyutils'): Entry {
  entryClass ??= (createRequire(import.meta.url)('@napi-rs/keyring') as { AsyncEntry: EntryClass }).AsyncEntry;
  const options = process.platform === 'linux' ? { linux: { store: store ?? 'secret-service' } } : undefined;
  return new entryClass(KEYRING_SERVICE, account, options);
}

/** The keyring failed (no Secret Service, locked, refused): the message names the cause. */
export class KeyringUnavailableError extends Error {}

async function guarded<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw new KeyringUnavailableError(`the OS keyring could not ${what}: ${errorMessage(err)}`, { cause: err });
  }
}

function toKeyring(e: StoredMcpOAuthEntry, now: number): z.input<typeof KeyringTokens> {
  return {
    server_name: e.server_name,
    url: e.server_url,
    client_id: e.client_id,
    token_response: {
      access_token: e.access_token,
      token_type: 'bearer',
      ...(e.expires_at != null ? { expires_in: Math.max(0, Math.floor((e.expires_at - now) / 1000)) } : {}),
      ...(e.refresh_token != null ? { refresh_token: e.refresh_token } : {}),
      ...(e.scopes.length > 0 ? { scope: e.scopes.join(' ') } : {}),
    },
    expires_at: e.expires_at,
  };
}

function fromKeyring(k: KeyringTokens): StoredMcpOAuthEntry {
  const t = k.token_response;
  return {
    server_name: k.server_name,
    server_url: k.url,
    client_id: k.client_id,
    access_token: t.access_token,
    expires_at: k.expires_at ?? null,
    refresh_token: t.refresh_token ?? null,
    scopes: t.scope !== undefined ? t.scope.split(' ').filter((s) => s !== '') : [],
  };
}

export async function loadKeyringEntry(serverName: string, serverUrl: string): Promise<StoredMcpOAuthEntry | undefined> {
  const secret = await guarded('be read', () => entry(credentialsKey(serverName, serverUrl)).getPassword());
  if (secret === null) return undefined;
  const parsed = KeyringTokens.safeParse(JSON.parse(secret));
  if (!parsed.success) throw new KeyringUnavailableError(`the keyring item of MCP server ${serverName} is not Codex's stored tokens: ${parsed.error.issues[0]?.message ?? 'bad shape'}`);
  return fromKeyring(parsed.data);
}

export async function saveKeyringEntry(e: StoredMcpOAuthEntry): Promise<void> {
  const account = credentialsKey(e.server_name, e.server_url);
  const secret = JSON.stringify(toKeyring(e, Date.now()));
  await guarded('store the tokens', () => entry(account).setPassword(secret));
  // Codex's Linux store reads a kernel-keyring copy first: keep it current where one may exist.
  if (process.platform === 'linux') await entry(account, 'keyutils').setPassword(secret).catch(() => undefined);
}

export async function deleteKeyringEntry(serverName: string, serverUrl: string): Promise<boolean> {
  const account = credentialsKey(serverName, serverUrl);
  const removed = await guarded('remove the tokens', () => entry(account).deleteCredential());
  if (process.platform === 'linux') await entry(account, 'keyutils').deleteCredential().catch(() => false);
  return removed;
}
