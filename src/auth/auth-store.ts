// Where a home's sign-in is kept, by `cli_auth_credentials_store`, as Codex 0.169 decides it:
// `file` (Codex's default: auth.json), `keyring` (the OS keyring only, auth-keyring.ts; a keyring
// that fails is an error naming it; a save removes auth.json) or `auto`: the keyring, and auth.json
// when the keyring has no item or cannot be used (read: the keyring's item, else the file; write:
// the keyring, else the file; remove: both). `ephemeral`: the process's memory only (memory-auth.ts,
// an app-server's); where there is none (the CLI) a login under it is refused, saying so. A sign-in
// in memory (a client's `chatgptAuthTokens`) is read before any store, and a removal clears it with
// the configured store, as Codex's logout does. Every write to the disk holds `auth.json.lock`.
import path from 'node:path';
import type { AuthFile } from '../../protocol/auth.js';
import { ConfigError } from '../errors.js';
import { acquireFileLock } from '../file-lock.js';
import { AUTH_WRITE_LOCK, authFilePath, readAuthFile, removeAuthFile, writeAuthFileLocked, removeAuthFileLocked } from './auth-file.js';
import { AuthKeyringError, deleteKeyringAuth, loadKeyringAuth, saveKeyringAuth } from './auth-keyring.js';
import type { MemoryAuthStore } from './memory-auth.js';

export type AuthStoreMode = 'file' | 'keyring' | 'auto' | 'ephemeral';

/** A home and the store its configuration names. */
export interface AuthPlace {
  readonly home: string;
  readonly store: AuthStoreMode;
  /** The process's in-memory sign-in (an app-server's), read first. */
  readonly memory?: MemoryAuthStore | undefined;
}

/** The place of a home under a configuration (`cli_auth_credentials_store`, Codex's default `file`). */
export function authPlace(home: string, config: { cli_auth_credentials_store?: AuthStoreMode | undefined }, memory?: MemoryAuthStore): AuthPlace {
  return { home, store: config.cli_auth_credentials_store ?? 'file', ...(memory ? { memory } : {}) };
}

/** The file's place: a home read as auth.json alone. */
export const fileOnly = (home: string): AuthPlace => ({ home, store: 'file' });

/**
 * The home's sign-in, or undefined.
 * @throws ConfigError when auth.json is not of its shape; AuthKeyringError when `keyring` cannot be read.
 */
export function readAuth(place: AuthPlace): AuthFile | undefined {
  const held = place.memory?.get();
  if (held !== undefined) return held;
  switch (place.store) {
    case 'file':
      return readAuthFile(place.home);
    case 'ephemeral':
      return undefined;
    case 'keyring':
      return loadKeyringAuth(place.home);
    case 'auto': {
      try {
        const held = loadKeyringAuth(place.home);
        if (held !== undefined) return held;
      } catch (err) {
        if (!(err instanceof AuthKeyringError)) throw err;
      }
      return readAuthFile(place.home);
    }
  }
}

/** Replaces the home's sign-in where the store keeps it (see the header). */
export async function writeAuth(place: AuthPlace, file: AuthFile): Promise<void> {
  if (place.store === 'ephemeral') {
    if (place.memory === undefined) throw new ConfigError('cli_auth_credentials_store = "ephemeral" keeps a sign-in in a running app-server only; a command that ends cannot keep one: use "file", "keyring" or "auto"', authFilePath(place.home), 'cli_auth_credentials_store');
    place.memory.set(file);
    return;
  }
  // A sign-in written to the disk is the newest: tokens a client handed over earlier no longer stand before it.
  place.memory?.clear();
  const release = await acquireFileLock(path.join(place.home, AUTH_WRITE_LOCK));
  try {
    if (place.store === 'file') return writeAuthFileLocked(place.home, file);
    try {
      saveKeyringAuth(place.home, file);
    } catch (err) {
      if (place.store === 'keyring' || !(err instanceof AuthKeyringError)) throw err;
      return writeAuthFileLocked(place.home, file);
    }
    // In the keyring now: a file left from before would be read by a `file` store instead.
    removeAuthFileLocked(place.home);
  } finally {
    release();
  }
}

/** Removes the home's sign-in from the keyring (when the store uses one) and the file; false when neither held one. */
export async function removeAuth(place: AuthPlace): Promise<boolean> {
  const fromMemory = place.memory?.clear() ?? false;
  if (place.store === 'ephemeral') return fromMemory;
  return (await removeStored(place)) || fromMemory;
}

async function removeStored(place: AuthPlace): Promise<boolean> {
  if (place.store === 'file' || place.store === 'ephemeral') return removeAuthFile(place.home);
  const fromKeyring = place.store === 'auto' ? tryDeleteKeyring(place.home) : deleteKeyringAuth(place.home);
  const fromFile = await removeAuthFile(place.home);
  return fromKeyring || fromFile;
}

function tryDeleteKeyring(home: string): boolean {
  try {
    return deleteKeyringAuth(home);
  } catch (err) {
    if (err instanceof AuthKeyringError) return false;
    throw err;
  }
}
