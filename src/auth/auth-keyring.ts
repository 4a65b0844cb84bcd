// The sign-in in the OS keyring, where Codex 0.169 keeps it under `cli_auth_credentials_store =
// "keyring"` (and first under "auto"): one item, service `Codex Auth`, account `cli|` + the first 16
// hex digits of the SHA-256 of the home's canonical path, its secret auth.json's JSON on one line
// (the same fields in the same order). Observed with the Codex 0.169 binary on Linux's Secret Service:
// `codex login --with-api-key` under "keyring" left that item and no auth.json. On Linux the item is
// also written to (and removed from) the kernel keyring where that is allowed, because Codex's
// store reads its copy there first. `@napi-rs/keyring` (the binding of the crate Codex uses) is
// loaded only when a keyring is used; its synchronous entries keep the file's readers synchronous.
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AuthFile } from '../../protocol/auth.js';
import { errorMessage } from '../errors.js';
import { orderedAuthFile } from './auth-file.js';

export const AUTH_KEYRING_SERVICE = 'Codex Auth';

interface Entry {
  getPassword(): string | null;
  setPassword(password: string): void;
  deleteCredential(): boolean;
}
type LinuxStore = 'secret-service' | 'keyutils';
type EntryClass = new (service: string, account: string, options?: { linux?: { store?: LinuxStore } }) => Entry;

/** The keyring could not be used (no Secret Service, locked, refused): the message names the cause, never a token. */
export class AuthKeyringError extends Error {}

function entryClass(): EntryClass {
  return (createRequire(import.meta.url)('@napi-rs/keyring') as { Entry: EntryClass }).Entry;
}

function entry(account: string, store: LinuxStore = 'secret-service'): Entry {
  const Entry = entryClass();
  return new Entry(AUTH_KEYRING_SERVICE, account, process.platform === 'linux' ? { linux: { store } } : undefined);
}

/** The keyring account of a home: `cli|<16 hex digits>`. */
export function authKeyringAccount(home: string): string {
  let canonical = home;
  try {
    canonical = realpathSync(home);
  } catch {
    // A home that does not exist yet is named by its path as given, as Codex does.
  }
  return `cli|${createHash('sha256').update(canonical).digest('hex').slice(0, 16)}`;
}

function guarded<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    throw new AuthKeyringError(`the OS keyring could not ${what}: ${errorMessage(err)}`, { cause: err });
  }
}

/** The sign-in the keyring holds for the home, or undefined. */
export function loadKeyringAuth(home: string): AuthFile | undefined {
  const secret = guarded('be read', () => entry(authKeyringAccount(home)).getPassword());
  if (secret === null) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(secret);
  } catch {
    throw new AuthKeyringError(`the OS keyring's sign-in of this home (${AUTH_KEYRING_SERVICE}) is not JSON; sign in again (weft login)`);
  }
  const parsed = AuthFile.safeParse(json);
  if (!parsed.success) throw new AuthKeyringError(`the OS keyring's sign-in of this home (${AUTH_KEYRING_SERVICE}) is not auth.json's layout; sign in again (weft login)`);
  return parsed.data;
}

export function saveKeyringAuth(home: string, file: AuthFile): void {
  const account = authKeyringAccount(home);
  const secret = JSON.stringify(orderedAuthFile(file));
  guarded('store the sign-in', () => entry(account).setPassword(secret));
  if (process.platform === 'linux') {
    try {
      entry(account, 'keyutils').setPassword(secret);
    } catch {
      // No kernel keyring here: Codex has no copy there either.
    }
  }
}

/** Removes the home's item; false when there was none. */
export function deleteKeyringAuth(home: string): boolean {
  const account = authKeyringAccount(home);
  const removed = guarded('remove the sign-in', () => entry(account).deleteCredential());
  if (process.platform === 'linux') {
    try {
      entry(account, 'keyutils').deleteCredential();
    } catch {
      // Nothing to remove there.
    }
  }
  return removed;
}
