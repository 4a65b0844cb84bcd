// MCP OAuth end to end against a server made of the SDK's server auth pieces on 127.0.0.1:
// `weft mcp login` prints the authorization URL (driven here by a plain HTTP client following
// redirects, no browser), registers weft, exchanges the code with PKCE and stores the tokens in
// `.credentials.json` (0600, Codex's layout, never printed); a thread then calls the server's tool
// with them; a token that expired is refreshed (before connecting when the stored expiry says so,
// and when the server refuses it) and stored again; `weft mcp logout` removes it, and the server
// is then a warning that names the login command. A login made while a thread runs reaches that
// thread at its next turn. A refresh waits for Codex's refresh lock and adopts what the holder stored.
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, textReply } from '../../../scripts/mock-responses-server.js';
import { main } from '../../../src/cli/main.js';
import { acquireFileLock, refreshLockPath } from '../../../src/mcp/oauth/credential-locks.js';
import { credentialsKey, saveCredentials } from '../../../src/mcp/oauth/credentials-file.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';
import { warningsOf } from '../../support/mcp-fixture.js';
import { startOAuthMcpServer, type OAuthMcpServer } from '../../support/oauth-mcp-server.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let harness: ThreadHarness | undefined;
let server: OAuthMcpServer | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await server?.close();
  server = undefined;
  await removeTempDirs();
});

type Store = Record<string, { server_name: string; server_url: string; client_id: string; access_token: string; expires_at: number | null; refresh_token: string | null; scopes: string[] }>;

async function setUp(): Promise<{ h: ThreadHarness; s: OAuthMcpServer }> {
  server = await startOAuthMcpServer();
  harness = await threadHarness(
    (_req, i) => (i % 2 === 0 ? functionCallReply('mcp__secure__echo', { text: 'with oauth' }, `call_${i}`) : textReply('done')),
    `compat = "codex-0.98"\nsandbox_mode = "danger-full-access"\nmcp_oauth_credentials_store = "file"\n[mcp_servers.secure]\nurl = "${server.url}"\n`,
  );
  return { h: harness, s: server };
}

const envOf = (h: ThreadHarness) => ({ PATH: process.env.PATH, HOME: h.home, WEFT_HOME: h.home });

/** Runs the weft CLI in-process; `onStderr` sees each stderr line as it is written. */
async function cli(h: ThreadHarness, argv: string[], onStderr?: (line: string) => void): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(argv, {
    env: envOf(h),
    cwd: h.cwd,
    stdout: (l) => stdout.push(l),
    stderr: (l) => {
      stderr.push(l);
      onStderr?.(l);
    },
  }).catch((err: unknown) => {
    stderr.push(String(err));
    return 1;
  });
  return { code, stdout, stderr };
}

/** `weft mcp login secure`, the authorization URL opened by a plain HTTP client that follows redirects. */
async function login(h: ThreadHarness): Promise<{ code: number; stdout: string[]; stderr: string[]; callbackStatus: number; callbackBody: string }> {
  let visit: Promise<Response> | undefined;
  const result = await cli(h, ['mcp', 'login', 'secure'], (line) => {
    const url = /https?:\/\/\S+/.exec(line)?.[0];
    if (url !== undefined && visit === undefined) visit = fetch(url, { redirect: 'follow' });
  });
  const response = await (visit as Promise<Response>);
  return { ...result, callbackStatus: response.status, callbackBody: await response.text() };
}

async function callTool(h: ThreadHarness): Promise<{ output: unknown; warnings: string[] }> {
  const weft = await h.open({ env: envOf(h) });
  const thread = await weft.startThread();
  const events: ThreadEvent[] = [];
  const before = h.mock.requests.length;
  const outcome = await thread.run('echo through the protected server', { onEvent: (e) => events.push(e) });
  await thread.close();
  expect(outcome.status).toBe('completed');
  const output = h.input(before + 1).find((item) => item['type'] === 'function_call_output');
  return { output: output?.['output'], warnings: warningsOf(events) };
}

const storeOf = async (h: ThreadHarness): Promise<Store> => JSON.parse(await readFile(path.join(h.home, '.credentials.json'), 'utf8')) as Store;

describe('MCP OAuth', () => {
  it('login stores the tokens (0600, Codex layout, never printed) and the tool is then called with them', async () => {
    const { h, s } = await setUp();
    const before = await callTool(h);
    expect(before.warnings.join('\n')).toContain('needs an OAuth login: run `weft mcp login secure`');

    const done = await login(h);
    expect(done.code).toBe(0);
    expect(done.callbackStatus).toBe(200);
    expect(done.stderr.join('\n')).toContain(`${new URL(s.url).origin}/authorize?`);
    expect(done.stderr.join('\n')).toMatch(/redirect_uri=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fcallback%2F[A-Za-z0-9_-]{12}/);
    expect(done.stdout.join('\n')).toContain('Signed in to MCP server secure');
    expect(s.provider.codeGrants).toBe(1);

    const file = path.join(h.home, '.credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const store = await storeOf(h);
    const entry = store[credentialsKey('secure', s.url)];
    expect(Object.keys(store)).toEqual([credentialsKey('secure', s.url)]);
    expect(entry).toMatchObject({ server_name: 'secure', server_url: s.url, client_id: expect.any(String), access_token: expect.stringMatching(/^at-/), refresh_token: expect.stringMatching(/^rt-/) });
    expect(entry?.expires_at).toBeGreaterThan(Date.now());
    const printed = [...done.stdout, ...done.stderr].join('\n');
    expect(printed).not.toContain(entry?.access_token);
    expect(printed).not.toContain(entry?.refresh_token);

    const after = await callTool(h);
    expect(after.warnings).toEqual([]);
    expect(after.output).toBe('[{"type":"text","text":"echo: with oauth"}]');
  });

  it('an access token past its stored expiry is refreshed before connecting, and the new one stored', async () => {
    const { h, s } = await setUp();
    expect((await login(h)).code).toBe(0);
    const key = credentialsKey('secure', s.url);
    const stored = await storeOf(h);
    const old = stored[key];
    if (old === undefined) throw new Error('no entry');
    // The server would still take the old token: only the stored expiry asks for the refresh.
    await writeFile(path.join(h.home, '.credentials.json'), JSON.stringify({ [key]: { ...old, expires_at: Date.now() - 1000 } }));

    const call = await callTool(h);
    expect(call.warnings).toEqual([]);
    expect(call.output).toBe('[{"type":"text","text":"echo: with oauth"}]');
    expect(s.provider.refreshGrants).toBe(1);
    const now = (await storeOf(h))[key];
    expect(now?.access_token).not.toBe(old.access_token);
    expect(now?.expires_at).toBeGreaterThan(Date.now());
  });

  it('a token the server refuses while its stored expiry looks fine is refreshed on the 401', async () => {
    const { h, s } = await setUp();
    expect((await login(h)).code).toBe(0);
    s.provider.expireAccessTokens();
    const call = await callTool(h);
    expect(call.warnings).toEqual([]);
    expect(call.output).toBe('[{"type":"text","text":"echo: with oauth"}]');
    expect(s.provider.refreshGrants).toBe(1);
  });

  it('a refresh waits while another process (Codex) holds the entry\'s refresh lock, then adopts the tokens it stored', async () => {
    const { h, s } = await setUp();
    expect((await login(h)).code).toBe(0);
    const key = credentialsKey('secure', s.url);
    const first = (await storeOf(h))[key];
    if (first === undefined || first.refresh_token === null) throw new Error('no entry');
    await writeFile(path.join(h.home, '.credentials.json'), JSON.stringify({ [key]: { ...first, expires_at: Date.now() - 1000 } }));

    // The other process takes the lock Codex 0.169 takes, at the path it uses.
    const lockFile = refreshLockPath(h.home, key);
    expect(path.relative(h.home, lockFile)).toMatch(/^mcp-oauth-locks\/[0-9a-f]{64}\.lock$/);
    const release = await acquireFileLock(lockFile);
    const from = s.paths.length;
    const call = callTool(h);
    // weft found the token due and discovered the authorization server: its token request is next.
    await s.requested('/.well-known/oauth-authorization-server', from);
    const token = await fetch(new URL('/token', s.url), {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: first.client_id }),
    });
    expect(token.status).toBe(200);
    const issued = (await token.json()) as { access_token: string; refresh_token: string; expires_in: number };
    await saveCredentials(h.home, { ...first, access_token: issued.access_token, refresh_token: issued.refresh_token, expires_at: Date.now() + issued.expires_in * 1000 });
    release();

    const done = await call;
    expect(done.warnings).toEqual([]);
    expect(done.output).toBe('[{"type":"text","text":"echo: with oauth"}]');
    // Only the other process refreshed; weft used what it stored.
    expect(s.provider.refreshGrants).toBe(1);
    expect((await storeOf(h))[key]).toMatchObject({ access_token: issued.access_token, refresh_token: issued.refresh_token });
  });

  it('logout removes the tokens; the server then needs a login again', async () => {
    const { h } = await setUp();
    expect((await login(h)).code).toBe(0);
    const out = await cli(h, ['mcp', 'logout', 'secure']);
    expect(out).toMatchObject({ code: 0, stdout: ['Removed the OAuth tokens of MCP server secure.'] });
    await expect(stat(path.join(h.home, '.credentials.json'))).rejects.toThrow();
    const again = await cli(h, ['mcp', 'logout', 'secure']);
    expect(again.stdout).toEqual(['No OAuth tokens were stored for MCP server secure.']);
    const call = await callTool(h);
    expect(call.warnings.join('\n')).toContain('needs an OAuth login: run `weft mcp login secure`');
  });

  it('a login made while a thread runs reaches it: its next turn connects the server and offers its tools', async () => {
    const { h, s } = await setUp();
    const weft = await h.open({ env: envOf(h) });
    const thread = await weft.startThread();
    const events: ThreadEvent[] = [];
    const toolNames = (i: number): string[] => ((h.mock.requests[i]?.body as { tools?: { name?: string }[] }).tools ?? []).map((t) => t.name ?? '');
    expect((await thread.run('first turn, before the login', { onEvent: (e) => events.push(e) })).status).toBe('completed');
    expect(warningsOf(events).join('\n')).toContain('needs an OAuth login');
    expect(toolNames(0)).not.toContain('mcp__secure__echo');

    // Another process's login would write the same file: the CLI's own login flow writes it here.
    expect((await login(h)).code).toBe(0);
    const before = h.mock.requests.length;
    const second: ThreadEvent[] = [];
    expect((await thread.run('second turn, after the login', { onEvent: (e) => second.push(e) })).status).toBe('completed');
    await thread.close();
    expect(warningsOf(second)).toEqual([]);
    expect(toolNames(before)).toContain('mcp__secure__echo');
    const output = h.input(before + 1).filter((item) => item['type'] === 'function_call_output').at(-1);
    expect(output?.['output']).toBe('[{"type":"text","text":"echo: with oauth"}]');
    expect(s.provider.codeGrants).toBe(1);
  });

  it('refuses a server that is not configured, or one that runs over stdio', async () => {
    const { h } = await setUp();
    const missing = await cli(h, ['mcp', 'login', 'nope']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr.join('\n')).toContain('no MCP server `nope`');
  });
});
