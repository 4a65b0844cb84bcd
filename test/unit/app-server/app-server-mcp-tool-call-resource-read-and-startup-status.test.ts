// The 0.169 app-server's MCP methods: `mcpServer/tool/call` calls a loaded thread's server tool,
// `mcpServer/resource/read` reads a resource (of a thread's server, or of the configuration), and
// `mcpServer/startupStatus/updated` tells the client how each of the thread's servers started.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpResourceReadResponse, McpServerStatusUpdatedNotification, McpServerToolCallResponse } from '../../../protocol/app-server/mcp.js';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { InProcessClient } from '../../support/appserver-client.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { conformanceRoot } from '../../conformance/scenario.js';
import { fixtureServerTable } from '../../support/mcp-fixture.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
let client: InProcessClient | undefined;
afterEach(async () => {
  await client?.close();
  await mock?.close();
  client = undefined;
  mock = undefined;
  await removeTempDirs();
});

const PACK_0169 = join(conformanceRoot(), 'codex-0.169', 'pack');
const config = `${fixtureServerTable()}
[mcp_servers.broken]
command = "/nonexistent/weft-mcp"
`;

async function start(): Promise<{ client: InProcessClient; threadId: string }> {
  mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  const ws = await appServerWorkspace(mock.url, config);
  client = new InProcessClient({ ...ws.options, runtime: { packDir: PACK_0169, compat: 'codex-0.169' } });
  await client.initialize();
  const started = await client.request('thread/start', { cwd: ws.cwd });
  return { client, threadId: (started.result as { thread: { id: string } }).thread.id };
}

describe('app-server 0.169: MCP methods', () => {
  it('calls a tool of the thread\'s server and reports how each server started', async () => {
    const { client, threadId } = await start();
    const called = await client.request('mcpServer/tool/call', { threadId, server: 'fixture', tool: 'echo', arguments: { text: 'hi' } });
    expect(called.error).toBeUndefined();
    const result = McpServerToolCallResponse.parse(called.result);
    expect(result.content).toEqual([{ type: 'text', text: 'echo: hi' }]);
    expect(result.isError ?? false).toBe(false);

    const statuses = client.received
      .filter((m) => m.method === 'mcpServer/startupStatus/updated')
      .map((m) => McpServerStatusUpdatedNotification.parse(m.params));
    const of = (name: string) => statuses.filter((s) => s.name === name).map((s) => s.status);
    expect(of('fixture')).toEqual(['starting', 'ready']);
    expect(of('broken')).toEqual(['starting', 'failed']);
    expect(statuses.every((s) => s.threadId === threadId)).toBe(true);
    expect(statuses.find((s) => s.status === 'failed')?.error).toMatch(/broken/);
  });

  it('reads a resource through the thread and from the configuration alone', async () => {
    const { client, threadId } = await start();
    const expected = [{ uri: 'fixture://readme', mimeType: 'text/plain', text: 'hello resource' }];
    const viaThread = await client.request('mcpServer/resource/read', { threadId, server: 'fixture', uri: 'fixture://readme' });
    expect(McpResourceReadResponse.parse(viaThread.result).contents).toEqual(expected);
    const alone = await client.request('mcpServer/resource/read', { server: 'fixture', uri: 'fixture://readme' });
    expect(McpResourceReadResponse.parse(alone.result).contents).toEqual(expected);
  });

  it('answers an error naming the server that is not there', async () => {
    const { client, threadId } = await start();
    const call = await client.request('mcpServer/tool/call', { threadId, server: 'nosuch', tool: 'echo', arguments: {} });
    expect(JSON.stringify(call.error)).toMatch(/nosuch/);
    const read = await client.request('mcpServer/resource/read', { server: 'nosuch', uri: 'x://y' });
    expect(JSON.stringify(read.error)).toMatch(/nosuch/);
  });
});
