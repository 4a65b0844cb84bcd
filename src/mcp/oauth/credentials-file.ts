// MCP OAuth tokens in `<home>/.credentials.json`, the file Codex uses when it keeps them out of the
// OS keyring: same keys, same entries, so `codex mcp login` and `weft mcp login` serve each other.
// The file is written whole to a temporary file (mode 0600) and renamed over the old one, so a
// crash never leaves half a file and no other user can read it; an unreadable file is an error that
// names it and is never overwritten. Each read-modify-write holds Codex's store lock
// (credential-locks.ts), so weft and Codex never drop each other's entries.
import { createHash, randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { McpOAuthCredentialsFile, type StoredMcpOAuthEntry } from '../../../protocol/mcp-oauth-credentials.js';
import { IoError, errorMessage } from '../../errors.js';
import { storeLockPath, withFileLock } from './credential-locks.js';

export const CREDENTIALS_FILE = '.credentials.json';

export function credentialsPath(home: string): string {
  return path.join(home, CREDENTIALS_FILE);
}

/**
 * The entry's key: the server name and a short digest of the server's identity. Codex hashes the
 * JSON `{"type":"http","url":URL,"headers":{}}` in that key order (checked against the 0.169 binary).
 */
export function credentialsKey(serverName: string, serverUrl: string): string {
  const identity = JSON.stringify({ type: 'http', url: serverUrl, headers: {} });
  return `${serverName}|${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}

async function readStore(home: string): Promise<McpOAuthCredentialsFile> {
  const file = credentialsPath(home);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new IoError(`cannot read the MCP credentials file ${file}: ${errorMessage(err)}`, file, { cause: err });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new IoError(`the MCP credentials file ${file} is not valid JSON (fix or remove it): ${errorMessage(err)}`, file, { cause: err });
  }
  const parsed = McpOAuthCredentialsFile.safeParse(json);
  if (!parsed.success) throw new IoError(`the MCP credentials file ${file} does not hold credentials entries (fix or remove it): ${parsed.error.issues[0]?.message ?? 'bad shape'}`, file);
  return parsed.data;
}

async function writeStore(home: string, store: McpOAuthCredentialsFile): Promise<void> {
  const file = credentialsPath(home);
  try {
    if (Object.keys(store).length === 0) {
      await rm(file, { force: true });
      return;
    }
    await mkdir(home, { recursive: true });
    const temp = `${file}.${randomUUID()}.tmp`;
    await writeFile(temp, JSON.stringify(store), { mode: 0o600 });
    await chmod(temp, 0o600); // The umask may have narrowed nothing, but never widen: 0600 whatever it is.
    await rename(temp, file);
  } catch (err) {
    throw new IoError(`cannot write the MCP credentials file ${file}: ${errorMessage(err)}`, file, { cause: err });
  }
}

/** The stored tokens of one server (by name and URL), if any. */
export async function loadCredentials(home: string, serverName: string, serverUrl: string): Promise<StoredMcpOAuthEntry | undefined> {
  const store = await readStore(home);
  const key = credentialsKey(serverName, serverUrl);
  // Codex matches on the key its entry's own name and URL give, not on the map key.
  return Object.values(store).find((entry) => credentialsKey(entry.server_name, entry.server_url) === key);
}

export async function saveCredentials(home: string, entry: StoredMcpOAuthEntry): Promise<void> {
  await withFileLock(storeLockPath(home), async () => {
    const store = await readStore(home);
    store[credentialsKey(entry.server_name, entry.server_url)] = entry;
    await writeStore(home, store);
  });
}

/** Removes a server's tokens; false when none were stored. */
export async function deleteCredentials(home: string, serverName: string, serverUrl: string): Promise<boolean> {
  return withFileLock(storeLockPath(home), async () => {
    const store = await readStore(home);
    const key = credentialsKey(serverName, serverUrl);
    if (!(key in store)) return false;
    delete store[key];
    await writeStore(home, store);
    return true;
  });
}
