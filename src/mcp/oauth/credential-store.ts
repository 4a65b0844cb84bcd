// Where MCP OAuth tokens are kept, by `mcp_oauth_credentials_store`, as Codex decides it: `file`
// (`.credentials.json` in the home), `keyring` (the OS keyring only; a keyring that fails is an
// error naming it) or `auto`, Codex's default: the keyring, and the file when the keyring cannot be
// used (read: the keyring's item, else the file's entry; write: the keyring, else the file). Once
// tokens are in the keyring, the file's entry for the server is dropped, as Codex drops it; a
// logout removes both.
import type { StoredMcpOAuthEntry } from '../../../protocol/mcp-oauth-credentials.js';
import { deleteCredentials, loadCredentials, saveCredentials } from './credentials-file.js';
import { deleteKeyringEntry, KeyringUnavailableError, loadKeyringEntry, saveKeyringEntry } from './keyring-entry.js';

export type CredentialsStoreMode = 'auto' | 'file' | 'keyring';

/** The home whose file (and whose configured store) holds the tokens. */
export interface CredentialsPlace {
  readonly home: string;
  readonly store: CredentialsStoreMode;
}

export async function loadStoredTokens(place: CredentialsPlace, serverName: string, serverUrl: string): Promise<StoredMcpOAuthEntry | undefined> {
  if (place.store === 'file') return loadCredentials(place.home, serverName, serverUrl);
  try {
    const stored = await loadKeyringEntry(serverName, serverUrl);
    if (stored !== undefined || place.store === 'keyring') return stored;
  } catch (err) {
    if (place.store === 'keyring' || !(err instanceof KeyringUnavailableError)) throw err;
  }
  return loadCredentials(place.home, serverName, serverUrl);
}

export async function saveStoredTokens(place: CredentialsPlace, entry: StoredMcpOAuthEntry): Promise<void> {
  if (place.store === 'file') return saveCredentials(place.home, entry);
  try {
    await saveKeyringEntry(entry);
  } catch (err) {
    if (place.store === 'keyring' || !(err instanceof KeyringUnavailableError)) throw err;
    return saveCredentials(place.home, entry);
  }
  await deleteCredentials(place.home, entry.server_name, entry.server_url).catch(() => false);
}

/** Removes a server's tokens from the keyring and the file; false when neither held any. */
export async function deleteStoredTokens(place: CredentialsPlace, serverName: string, serverUrl: string): Promise<boolean> {
  let fromKeyring = false;
  if (place.store !== 'file') fromKeyring = await deleteKeyringEntry(serverName, serverUrl);
  const fromFile = await deleteCredentials(place.home, serverName, serverUrl);
  return fromKeyring || fromFile;
}
