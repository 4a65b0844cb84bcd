// `cli_auth_credentials_store = "keyring"` keeps the sign-in in the OS keyring as Codex 0.169 does
// (service `Codex Auth`, account `cli|<hash of the home>`, auth.json's JSON), so a home signed in by
// weft is signed in for Codex and the other way round; `auto` reads the keyring, else the file, and
// moves a file into the keyring on save. Run against a real Secret Service (gnome-keyring-daemon in a
// private D-Bus session), with the real Codex 0.169 when it is installed; skipped, saying so, where
// the tools are missing. Without any keyring, `keyring` is an error naming it and `auto` uses the file.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthFile } from '../../../protocol/auth.js';
import { authKeyringAccount } from '../../../src/auth/auth-keyring.js';
import { readAuth, writeAuth } from '../../../src/auth/auth-store.js';
import { findCodexBinary } from '../../conformance/codex-binary-driver.js';
import { apiKeyFile } from '../../../src/auth/signed-in-file.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';

afterEach(removeTempDirs);

function missingTools(): string | undefined {
  for (const tool of ['dbus-run-session', 'gnome-keyring-daemon']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is not installed (Debian: apt-get install gnome-keyring dbus)`;
  }
  return undefined;
}
const skipReason = missingTools();
if (skipReason !== undefined) console.warn(`sign-in keyring tests skipped: ${skipReason}`);
const codex = findCodexBinary('0.169.0');

interface Said {
  code: number | null;
  text: string;
}

describe('the sign-in in the OS keyring', () => {
  it('the account of a home is cli| and 16 hex digits of the SHA-256 of its real path', async () => {
    const home = await tempDir('weft-auth-keyring-');
    const digest = createHash('sha256').update(realpathSync(home)).digest('hex');
    expect(authKeyringAccount(home)).toBe(`cli|${digest.slice(0, 16)}`);
  });

  it.skipIf(skipReason !== undefined)('keyring and auto against a real Secret Service, shared with Codex 0.169 both ways', async () => {
    const home = await tempDir('weft-auth-keyring-');
    const probe = path.resolve('test/support/auth-keyring-probe.ts');
    const script = `echo -n throwaway | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "${process.execPath}" --import tsx "${probe}" "${home}" ${codex ? `"${codex}"` : ''}`;
    const out = execFileSync('dbus-run-session', ['--', 'sh', '-c', script], { env: { PATH: process.env['PATH'], HOME: home }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const seen = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    if (process.env.WEFT_DUMP) console.log(JSON.stringify(seen, null, 1));
    expect((seen.weftLogin as Said).code).toBe(0);
    expect(seen.fileAfterWeftLogin).toBe(false);
    expect(seen.itemAfterWeftLogin).toEqual({ auth_mode: 'apikey', OPENAI_API_KEY: 'sk-weft-keyring-000001' });
    expect(seen.itemAfterWeftLogout).toBeNull();
    expect((seen.weftStatus as Said).text).toContain('sk-codex***00002');
    expect((seen.weftStatusUnderFile as Said).code).toBe(1);
    expect(seen.autoReadsFile).toBe('acct-fake-0001');
    expect(seen.fileAfterAutoSave).toBe(false);
    expect(seen.autoReadsKeyring).toBe('acct-in-keyring');
    expect(seen.itemAfterAutoLogout).toBeNull();
    // No command printed a whole key.
    const printed = Object.values(seen).flatMap((v) => (v !== null && typeof v === 'object' && 'text' in v ? [(v as Said).text] : []));
    for (const text of printed) expect(text).not.toMatch(/sk-(weft-keyring-000001|codex-keyring-00002)/);
    if (codex === undefined) {
      console.warn('Codex 0.169 is not installed: the keyring was checked against weft alone');
      return;
    }
    expect(seen.codexStatus).toMatchObject({ code: 0 });
    expect((seen.codexStatus as Said).text).toContain('sk-weft-***00001');
    expect(seen.codexStatusAfterLogout).toMatchObject({ code: 1 });
    expect(seen.codexLogin).toMatchObject({ code: 0 });
    expect((seen.codexStatusChatgpt as Said).text).toContain('ChatGPT');
  });

  it('without a keyring: keyring is an error that names it, auto uses the file', async () => {
    const home = await tempDir('weft-auth-keyring-');
    const bus = process.env['DBUS_SESSION_BUS_ADDRESS'];
    process.env['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=/nonexistent/weft-test-bus';
    try {
      await expect(writeAuth({ home, store: 'keyring' }, apiKeyFile('sk-no-keyring-0000001'))).rejects.toThrow(/OS keyring could not store the sign-in/);
      expect(existsSync(path.join(home, 'auth.json'))).toBe(false);
      expect(() => readAuth({ home, store: 'keyring' })).toThrow(/OS keyring could not be read/);
      await writeAuth({ home, store: 'auto' }, apiKeyFile('sk-no-keyring-0000001'));
      expect(existsSync(path.join(home, 'auth.json'))).toBe(true);
      expect(readAuth({ home, store: 'auto' })).toEqual(AuthFile.parse({ auth_mode: 'apikey', OPENAI_API_KEY: 'sk-no-keyring-0000001' }));
    } finally {
      if (bus === undefined) delete process.env['DBUS_SESSION_BUS_ADDRESS'];
      else process.env['DBUS_SESSION_BUS_ADDRESS'] = bus;
    }
  });
});
