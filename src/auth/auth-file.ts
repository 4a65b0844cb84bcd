// `<home>/auth.json`, read and written as Codex 0.169 reads and writes it. A save is the whole file
// re-serialized in Codex's key order (auth_mode when present, OPENAI_API_KEY, tokens{id_token,
// access_token, refresh_token, oauth_provenance?, login_owner_id?, account_id?}, last_refresh),
// indented by two spaces, without a trailing newline, mode 0600; fields Codex does not know are
// not kept. Every rewrite holds `auth.json.lock` (an exclusive flock on an empty file beside it,
// left in place), so two processes sharing a home never interleave their writes.
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { AuthFile, type AuthTokens } from '../../protocol/auth.js';
import { ConfigError, IoError, errorMessage, isErrno } from '../errors.js';
import { acquireFileLock } from '../file-lock.js';

export const AUTH_FILE = 'auth.json';
export const AUTH_WRITE_LOCK = 'auth.json.lock';

export const authFilePath = (home: string): string => path.join(home, AUTH_FILE);

/** How a file authenticates: an API key, or ChatGPT tokens (Codex's reading when `auth_mode` is absent). */
export type AuthMode = 'apikey' | 'chatgpt';

export function authModeOf(file: AuthFile): AuthMode {
  if (file.auth_mode === 'apikey') return 'apikey';
  if (file.auth_mode !== undefined) return 'chatgpt';
  return typeof file.OPENAI_API_KEY === 'string' ? 'apikey' : 'chatgpt';
}

/**
 * The home's auth.json, or undefined when there is none.
 * @throws ConfigError naming the file when it is not JSON of auth.json's shape (never quoting it).
 */
export function readAuthFile(home: string): AuthFile | undefined {
  const file = authFilePath(home);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return undefined;
    throw new IoError(`${file}: cannot be read (${errorMessage(err)})`, file, { cause: err });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError(`${file}: not JSON; sign in again (weft login) or remove the file`, file);
  }
  const parsed = AuthFile.safeParse(json);
  if (!parsed.success) throw new ConfigError(`${file}: not the layout of auth.json (${parsed.error.issues[0]?.path.join('.') ?? ''}); sign in again (weft login)`, file);
  return parsed.data;
}

/** The file's text as Codex writes it (see the header). */
export function serializeAuthFile(file: AuthFile): string {
  return JSON.stringify(orderedAuthFile(file), null, 2);
}

/** The fields Codex keeps, in its order (the file's, and the keyring item's). */
export function orderedAuthFile(file: AuthFile): AuthFile {
  const tokens = file.tokens;
  return {
    ...(file.auth_mode !== undefined ? { auth_mode: file.auth_mode } : {}),
    OPENAI_API_KEY: file.OPENAI_API_KEY ?? null,
    ...(tokens ? { tokens: orderedTokens(tokens) } : {}),
    ...(file.last_refresh != null ? { last_refresh: file.last_refresh } : {}),
    ...(file.agent_identity !== undefined ? { agent_identity: file.agent_identity } : {}),
  };
}

function orderedTokens(tokens: AuthTokens): AuthTokens {
  return {
    id_token: tokens.id_token,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    ...(tokens.oauth_provenance ? { oauth_provenance: { issuer: tokens.oauth_provenance.issuer, client_id: tokens.oauth_provenance.client_id } } : {}),
    ...(tokens.login_owner_id !== undefined ? { login_owner_id: tokens.login_owner_id } : {}),
    ...(tokens.account_id != null ? { account_id: tokens.account_id } : {}),
  };
}

/** Replaces the home's auth.json (mode 0600), holding its write lock. */
export async function writeAuthFile(home: string, file: AuthFile): Promise<void> {
  const release = await acquireFileLock(path.join(home, AUTH_WRITE_LOCK));
  try {
    writeAuthFileLocked(home, file);
  } finally {
    release();
  }
}

/** Replaces auth.json; the caller holds its write lock. */
export function writeAuthFileLocked(home: string, file: AuthFile): void {
  const target = authFilePath(home);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    mkdirSync(home, { recursive: true, mode: 0o700 });
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, serializeAuthFile(file));
    } finally {
      closeSync(fd);
    }
    chmodSync(temp, 0o600);
    renameSync(temp, target);
  } catch (err) {
    rmSync(temp, { force: true });
    throw new IoError(`${target}: cannot be written (${errorMessage(err)})`, target, { cause: err });
  }
}

/** Removes the home's auth.json (holding its write lock); false when there was none. */
export async function removeAuthFile(home: string): Promise<boolean> {
  const release = await acquireFileLock(path.join(home, AUTH_WRITE_LOCK));
  try {
    return removeAuthFileLocked(home);
  } finally {
    release();
  }
}

/** Removes auth.json; the caller holds its write lock. False when there was none. */
export function removeAuthFileLocked(home: string): boolean {
  try {
    rmSync(authFilePath(home));
    return true;
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return false;
    throw new IoError(`${authFilePath(home)}: cannot be removed (${errorMessage(err)})`, authFilePath(home), { cause: err });
  }
}
