// `mcp_oauth_credentials_store = "keyring"` keeps MCP OAuth tokens in the OS keyring, as Codex does
// (service `Codex MCP Credentials`, account the entry key, Codex's JSON), and `"auto"` uses the
// keyring and falls back to the file when there is none. Run against a real Secret Service:
// gnome-keyring-daemon in a private D-Bus session (dbus-run-session); skipped, saying so, where
// those are not installed (CI installs them). Without any keyring, `keyring` is an error naming it
// and `auto` uses the file.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadStoredTokens, saveStoredTokens } from '../../../src/mcp/oauth/credential-store.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

function missingTools(): string | undefined {
  for (const tool of ['dbus-run-session', 'gnome-keyring-daemon']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is not installed (Debian: apt-get install gnome-keyring dbus)`;
  }
  return undefined;
}
const skipReason = missingTools();
if (skipReason !== undefined) console.warn(`OS keyring tests skipped: ${skipReason}`);

const entry = { server_name: 'gamma', server_url: 'http://127.0.0.1:9/mcp', client_id: 'cid', access_token: 'at', expires_at: null, refresh_token: null, scopes: [] };

describe('MCP OAuth tokens in the OS keyring', () => {
  it.skipIf(skipReason !== undefined)('keyring: stored, read and removed in a real Secret Service; auto moves a file entry there', async () => {
    const home = await tempDir('weft-keyring-');
    const probe = path.resolve('test/support/keyring-store-probe.ts');
    // A private session bus and keyring daemon, unlocked with a throwaway password; HOME keeps the
    // daemon's keyring files inside the test's directory.
    const script = `echo -n throwaway | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "${process.execPath}" --import tsx "${probe}" "${home}"`;
    const out = execFileSync('dbus-run-session', ['--', 'sh', '-c', script], { env: { PATH: process.env['PATH'], HOME: home }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const seen = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(seen['alpha']).toMatchObject({ server_name: 'alpha', access_token: 'at-alpha', refresh_token: 'rt-alpha', scopes: ['echo'], expires_at: 1_900_000_000_000 });
    expect(seen['fileAfterKeyring']).toBe(false);
    expect(seen['betaBefore']).toMatchObject({ access_token: 'at-beta' });
    expect(seen['betaAfter']).toMatchObject({ access_token: 'at-beta-2' });
    expect(seen['fileAfterAuto']).toEqual([]);
    expect(seen['removed']).toBe(true);
    expect(seen['alphaGone']).toBeNull();
  });

  it('without a keyring: keyring is an error that names it, auto uses the file', async () => {
    const home = await tempDir('weft-keyring-');
    // No session bus at all: the Secret Service cannot be reached.
    const bus = process.env['DBUS_SESSION_BUS_ADDRESS'];
    process.env['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=/nonexistent/weft-test-bus';
    try {
      await expect(saveStoredTokens({ home, store: 'keyring' }, entry)).rejects.toThrow(/OS keyring could not store the tokens/);
      expect(existsSync(path.join(home, '.credentials.json'))).toBe(false);
      await saveStoredTokens({ home, store: 'auto' }, entry);
      expect(existsSync(path.join(home, '.credentials.json'))).toBe(true);
      expect(await loadStoredTokens({ home, store: 'auto' }, 'gamma', entry.server_url)).toMatchObject({ access_token: 'at' });
    } finally {
      if (bus === undefined) delete process.env['DBUS_SESSION_BUS_ADDRESS'];
      else process.env['DBUS_SESSION_BUS_ADDRESS'] = bus;
    }
  });
});
