// Run inside a D-Bus session with an unlocked Secret Service (see the sign-in keyring test): signs a
// home in and out through weft's CLI and through the real Codex 0.169 (argv[3], when given) with
// `cli_auth_credentials_store` set, and prints what each saw as one JSON line. argv: the home.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadKeyringAuth } from '../../src/auth/auth-keyring.js';
import { readAuth, writeAuth } from '../../src/auth/auth-store.js';
import type { CliIo } from '../../src/cli/cli-options.js';
import { main } from '../../src/cli/main.js';
import { AuthFile } from '../../protocol/auth.js';
import { chatgptAuthJson } from './fake-tokens.js';

const home = process.argv[2] ?? '';
const codex = process.argv[3];
// A revoke goes nowhere but a closed loopback port.
const env = { ...process.env, CODEX_HOME: home, CODEX_REVOKE_TOKEN_URL_OVERRIDE: 'http://127.0.0.1:9/oauth/revoke' } as Record<string, string>;
const KEYRING = ['-c', 'cli_auth_credentials_store="keyring"'];

async function weft(argv: string[], stdin = ''): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const io: CliIo = { env, cwd: home, stdout: (l) => lines.push(l), stderr: (l) => lines.push(l), isTty: false, readStdin: async () => stdin };
  const code = await main(argv, io);
  return { code, text: lines.join('\n') };
}

function codexRun(argv: string[], stdin = ''): { code: number | null; text: string } | null {
  if (codex === undefined) return null;
  const r = spawnSync(codex, argv, { env, input: stdin, encoding: 'utf8' });
  return { code: r.status, text: `${r.stdout}${r.stderr}` };
}

const authJson = path.join(home, 'auth.json');
const seen: Record<string, unknown> = {};

// weft signs in under "keyring": an item, no file; Codex reads it.
seen.weftLogin = await weft(['login', '--with-api-key', ...KEYRING], 'sk-weft-keyring-000001\n');
seen.fileAfterWeftLogin = existsSync(authJson);
seen.itemAfterWeftLogin = loadKeyringAuth(home) ?? null;
seen.codexStatus = codexRun(['login', 'status', ...KEYRING]);
// weft signs out: Codex sees no sign-in.
seen.weftLogout = await weft(['logout', ...KEYRING]);
seen.itemAfterWeftLogout = loadKeyringAuth(home) ?? null;
seen.codexStatusAfterLogout = codexRun(['login', 'status', ...KEYRING]);
// Codex signs in under "keyring": weft reads it, and signs it out.
seen.codexLogin = codexRun(['login', '--with-api-key', ...KEYRING], 'sk-codex-keyring-00002\n');
seen.weftStatus = await weft(['login', 'status', ...KEYRING]);
seen.weftStatusUnderFile = await weft(['login', 'status']);
await weft(['logout', ...KEYRING]);
// "auto": a file written earlier is read; a save moves it into the keyring; a ChatGPT sign-in round-trips.
await writeAuth({ home, store: 'file' }, AuthFile.parse(chatgptAuthJson()));
seen.autoReadsFile = readAuth({ home, store: 'auto' })?.tokens?.account_id ?? null;
await writeAuth({ home, store: 'auto' }, AuthFile.parse(chatgptAuthJson({ accountId: 'acct-in-keyring' })));
seen.fileAfterAutoSave = existsSync(authJson);
seen.autoReadsKeyring = readAuth({ home, store: 'auto' })?.tokens?.account_id ?? null;
seen.codexStatusChatgpt = codexRun(['login', 'status', ...KEYRING]);
seen.autoLogout = await weft(['logout', '-c', 'cli_auth_credentials_store="auto"']);
seen.itemAfterAutoLogout = loadKeyringAuth(home) ?? null;
process.stdout.write(`${JSON.stringify(seen)}\n`);
