// The MCP OAuth credentials file is Codex's `.credentials.json`: entries keyed by
// `<name>|<16 hex of sha256({"type":"http","url":…,"headers":{}})>` (the key below was read back by
// the real Codex 0.169 binary: `codex mcp logout beta` removed exactly that entry, and left one keyed with the JSON's keys sorted), written with
// mode 0600 and removed when the last entry goes. A file weft cannot read is an error naming it,
// and it is left as it was. Each rewrite holds Codex's store lock (`mcp-oauth-locks/file-store.lock`),
// so an entry another process writes meanwhile is kept.
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { acquireFileLock, refreshLockPath, storeLockPath } from '../../../src/mcp/oauth/credential-locks.js';
import { credentialsKey, deleteCredentials, loadCredentials, saveCredentials } from '../../../src/mcp/oauth/credentials-file.js';
import { callbackPath } from '../../../src/mcp/oauth/oauth-login.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const entry = (name: string, url: string) => ({ server_name: name, server_url: url, client_id: 'cid', access_token: 'tok', expires_at: 1_900_000_000_000, refresh_token: 'r', scopes: [] });

describe('the MCP OAuth credentials file', () => {
  it("keys an entry as Codex 0.169 does", () => {
    expect(credentialsKey('beta', 'http://127.0.0.1:9/mcp')).toBe('beta|e49b00bf48cb4d25');
  });

  it('names the locks as Codex 0.169 does (its `codex mcp logout beta` created exactly these two files)', () => {
    expect(path.relative('/h', refreshLockPath('/h', credentialsKey('beta', 'http://127.0.0.1:9/mcp')))).toBe('mcp-oauth-locks/aaf9dbd873ff90b52b9a5230a168aa62c343cad40430b5f9740d86f4bc5d11ea.lock');
    expect(path.relative('/h', storeLockPath('/h'))).toBe('mcp-oauth-locks/file-store.lock');
  });

  it('saves with mode 0600, finds by name and URL, and removes the file with its last entry', async () => {
    const home = await tempDir('weft-cred-');
    await saveCredentials(home, entry('alpha', 'http://127.0.0.1:9/mcp'));
    await saveCredentials(home, entry('beta', 'http://127.0.0.1:9/other'));
    const file = path.join(home, '.credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Object.keys(JSON.parse(await readFile(file, 'utf8')) as object).sort()).toEqual([credentialsKey('alpha', 'http://127.0.0.1:9/mcp'), credentialsKey('beta', 'http://127.0.0.1:9/other')]);
    expect(await loadCredentials(home, 'alpha', 'http://127.0.0.1:9/mcp')).toMatchObject({ access_token: 'tok' });
    expect(await loadCredentials(home, 'alpha', 'http://127.0.0.1:9/other')).toBeUndefined();
    expect(await deleteCredentials(home, 'alpha', 'http://127.0.0.1:9/mcp')).toBe(true);
    expect(await deleteCredentials(home, 'alpha', 'http://127.0.0.1:9/mcp')).toBe(false);
    expect(await deleteCredentials(home, 'beta', 'http://127.0.0.1:9/other')).toBe(true);
    await expect(stat(file)).rejects.toThrow();
  });

  it('a rewrite waits while another process holds the store lock, and keeps what that process wrote', async () => {
    const home = await tempDir('weft-cred-');
    const file = path.join(home, '.credentials.json');
    expect(path.relative(home, storeLockPath(home))).toBe('mcp-oauth-locks/file-store.lock');
    const release = await acquireFileLock(storeLockPath(home));
    const saving = saveCredentials(home, entry('alpha', 'http://127.0.0.1:9/mcp'));
    // Let the save run as far as it can: it must stop at the lock, before reading the file.
    for (let i = 0; i < 50; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(existsSync(file)).toBe(false);
    // The holder (Codex) writes its own entry, then lets go.
    const other = credentialsKey('beta', 'http://127.0.0.1:9/other');
    await writeFile(file, JSON.stringify({ [other]: entry('beta', 'http://127.0.0.1:9/other') }), { mode: 0o600 });
    release();
    await saving;
    expect(Object.keys(JSON.parse(await readFile(file, 'utf8')) as object).sort()).toEqual([credentialsKey('alpha', 'http://127.0.0.1:9/mcp'), other]);
  });

  it('tightens a widened file back to 0600 when it writes', async () => {
    const home = await tempDir('weft-cred-');
    const file = path.join(home, '.credentials.json');
    await writeFile(file, '{}');
    await chmod(file, 0o644);
    await saveCredentials(home, entry('alpha', 'http://h/mcp'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('names a file it cannot read, and leaves it untouched', async () => {
    const home = await tempDir('weft-cred-');
    const file = path.join(home, '.credentials.json');
    await writeFile(file, '{not json');
    await expect(saveCredentials(home, entry('alpha', 'http://h/mcp'))).rejects.toThrow(`${file} is not valid JSON`);
    await expect(loadCredentials(home, 'alpha', 'http://h/mcp')).rejects.toThrow('fix or remove it');
    expect(await readFile(file, 'utf8')).toBe('{not json');
  });

  it('puts a 12-character digest of the server URL in the callback path', () => {
    expect(callbackPath('https://mcp.example.com/mcp')).toMatch(/^\/callback\/[A-Za-z0-9_-]{12}$/);
    expect(callbackPath('https://mcp.example.com/mcp#x')).toBe(callbackPath('https://mcp.example.com/mcp'));
    expect(callbackPath('https://mcp.example.com/mcp', '/oauth/cb/')).toMatch(/^\/oauth\/cb\/[A-Za-z0-9_-]{12}$/);
  });
});
