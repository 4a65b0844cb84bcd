// Run inside a D-Bus session with an unlocked Secret Service (see the keyring store test): stores,
// reads and removes one server's tokens through weft's credential stores, and prints what it saw
// as one JSON line. argv: the home directory.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deleteStoredTokens, loadStoredTokens, saveStoredTokens } from '../../src/mcp/oauth/credential-store.js';
import { credentialsKey } from '../../src/mcp/oauth/credentials-file.js';

const home = process.argv[2] ?? '';
const file = path.join(home, '.credentials.json');
const url = 'http://127.0.0.1:9/mcp';
const entry = (name: string) => ({ server_name: name, server_url: url, client_id: 'cid', access_token: `at-${name}`, expires_at: 1_900_000_000_000, refresh_token: `rt-${name}`, scopes: ['echo'] });

const keyring = { home, store: 'keyring' as const };
await saveStoredTokens(keyring, entry('alpha'));
const alpha = await loadStoredTokens(keyring, 'alpha', url);
const fileAfterKeyring = existsSync(file);

// auto: a file entry written earlier (Codex without a keyring) is moved into the keyring.
writeFileSync(file, JSON.stringify({ [credentialsKey('beta', url)]: entry('beta') }), { mode: 0o600 });
const auto = { home, store: 'auto' as const };
const betaBefore = await loadStoredTokens(auto, 'beta', url);
await saveStoredTokens(auto, { ...entry('beta'), access_token: 'at-beta-2' });
const betaAfter = await loadStoredTokens(keyring, 'beta', url);
const fileAfterAuto = existsSync(file) ? Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object) : [];

const removed = await deleteStoredTokens(keyring, 'alpha', url);
const alphaGone = await loadStoredTokens(keyring, 'alpha', url);
await deleteStoredTokens(auto, 'beta', url);
process.stdout.write(`${JSON.stringify({ alpha, fileAfterKeyring, betaBefore, betaAfter, fileAfterAuto, removed, alphaGone: alphaGone ?? null })}\n`);
