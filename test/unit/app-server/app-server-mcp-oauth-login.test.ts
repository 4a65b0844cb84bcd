// App-server 0.169 `mcpServer/oauth/login`: answers with the authorization URL and a login id; once
// the browser (here a plain HTTP client following redirects) comes back, the tokens are stored and
// `mcpServer/oauthLogin/completed` reports success with the same id; mcpServerStatus/list then
// shows the server connected with `authStatus: "oAuth"`, where before it needed authentication.
// A thread already loaded connects the server at its next turn, as `config/mcpServer/reload` makes
// every loaded thread reconnect its servers at its next turn.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpServerOauthLoginCompletedNotification, McpServerOauthLoginResponse } from '../../../protocol/app-server/mcp.js';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { InProcessClient } from '../../support/appserver-client.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { conformanceRoot } from '../../conformance/scenario.js';
import { startOAuthMcpServer, type OAuthMcpServer } from '../../support/oauth-mcp-server.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
let client: InProcessClient | undefined;
let server: OAuthMcpServer | undefined;
afterEach(async () => {
  await client?.close();
  await mock?.close();
  await server?.close();
  client = undefined;
  mock = undefined;
  server = undefined;
  await removeTempDirs();
});

type Status = { name: string; runtimeStatus: string; authStatus: string };

describe('app-server 0.169: mcpServer/oauth/login', () => {
  it('answers with the URL, completes with a notification, and the server is then connected with OAuth', async () => {
    server = await startOAuthMcpServer();
    mock = await startMockResponsesServer({ respond: () => textReply('ok') });
    const ws = await appServerWorkspace(mock.url, `[mcp_servers.secure]\nurl = "${server.url}"\n[mcp_servers.local]\ncommand = "/nonexistent/weft-mcp"\n`);
    client = new InProcessClient({ ...ws.options, runtime: { packDir: join(conformanceRoot(), 'codex-0.169', 'pack'), compat: 'codex-0.169' } });
    await client.initialize();

    const before = ((await client.request('mcpServerStatus/list', { serverName: 'secure' })).result as { data: Status[] }).data;
    expect(before).toEqual([expect.objectContaining({ name: 'secure', runtimeStatus: 'authenticationRequired', authStatus: 'notLoggedIn' })]);

    const refused = await client.request('mcpServer/oauth/login', { name: 'local' });
    expect(JSON.stringify(refused.error)).toContain('stdio');

    const answer = await client.request('mcpServer/oauth/login', { name: 'secure', timeoutSecs: 60 });
    expect(answer.error).toBeUndefined();
    const { authorizationUrl, loginId } = McpServerOauthLoginResponse.parse(answer.result);
    expect(loginId).toEqual(expect.any(String));
    const visit = await fetch(authorizationUrl, { redirect: 'follow' });
    expect(visit.status).toBe(200);
    const done = await client.until((m) => m.method === 'mcpServer/oauthLogin/completed');
    expect(McpServerOauthLoginCompletedNotification.parse(done.params)).toEqual({ name: 'secure', success: true, error: null, loginId, threadId: null });

    const after = ((await client.request('mcpServerStatus/list', { serverName: 'secure' })).result as { data: Status[] }).data;
    expect(after).toEqual([expect.objectContaining({ name: 'secure', runtimeStatus: 'connected', authStatus: 'oAuth' })]);
  });

  it('a loaded thread connects the server at its next turn after the login; config/mcpServer/reload reconnects every server at the next turn', async () => {
    server = await startOAuthMcpServer();
    mock = await startMockResponsesServer({ respond: () => textReply('ok') });
    const ws = await appServerWorkspace(mock.url, `[mcp_servers.secure]\nurl = "${server.url}"\n`);
    client = new InProcessClient({ ...ws.options, runtime: { packDir: join(conformanceRoot(), 'codex-0.169', 'pack'), compat: 'codex-0.169' } });
    const c = client;
    await c.initialize();
    const threadId = ((await c.request('thread/start', {})).result as { thread: { id: string } }).thread.id;
    const turn = async (): Promise<number> => {
      const from = c.received.length;
      const started = await c.request('turn/start', { threadId, input: [{ type: 'text', text: 'hi', text_elements: [] }] });
      await c.turnCompleted(threadId, (started.result as { turn: { id: string } }).turn.id, from);
      return from;
    };
    const statuses = (from: number): string[] =>
      c.received.slice(from).filter((m) => m.method === 'mcpServer/startupStatus/updated').map((m) => (m.params as { status: string }).status);
    const threadStatus = async (): Promise<Status | undefined> => ((await c.request('mcpServerStatus/list', { threadId })).result as { data: Status[] }).data[0];

    expect(statuses(await turn())).toEqual(['starting', 'failed']);
    expect(await threadStatus()).toMatchObject({ runtimeStatus: 'authenticationRequired' });

    const { authorizationUrl } = McpServerOauthLoginResponse.parse((await c.request('mcpServer/oauth/login', { name: 'secure', threadId })).result);
    expect((await fetch(authorizationUrl, { redirect: 'follow' })).status).toBe(200);
    await c.until((m) => m.method === 'mcpServer/oauthLogin/completed');

    expect(statuses(await turn())).toEqual(['starting', 'ready']);
    expect(await threadStatus()).toMatchObject({ runtimeStatus: 'connected', authStatus: 'oAuth' });
    // Nothing changed since: the next turn keeps the connection.
    expect(statuses(await turn())).toEqual([]);

    expect((await c.request('config/mcpServer/reload')).result).toEqual({});
    expect(statuses(await turn())).toEqual(['starting', 'ready']);
  });
});
