// mcpServerStatus/list: the configured MCP servers with their connection state and what they offer,
// for a loaded thread (its own servers) or from the configuration alone; a server that cannot start
// is reported failed with the reason.
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { InProcessClient } from '../../support/appserver-client.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
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

const config = `${fixtureServerTable()}
[mcp_servers.broken]
command = "/nonexistent/weft-mcp"
`;

type Status = { name: string; runtimeStatus: string; tools: Record<string, unknown>; resources: { uri: string }[]; toolsError?: string | null; authStatus: string };

describe('mcpServerStatus/list', () => {
  it('lists each server with its state, tools and resources, with and without a thread', async () => {
    mock = await startMockResponsesServer({ respond: () => textReply('ok') });
    const ws = await appServerWorkspace(mock.url, config);
    client = new InProcessClient(ws.options);
    await client.initialize();

    const alone = await client.request('mcpServerStatus/list', {});
    expect(alone.error).toBeUndefined();
    const check = (data: Status[]) => {
      expect(data.map((s) => [s.name, s.runtimeStatus])).toEqual([['broken', 'failed'], ['fixture', 'connected']]);
      const fixture = data.find((s) => s.name === 'fixture') as Status;
      expect(Object.keys(fixture.tools).sort()).toEqual(['crash', 'echo', 'hidden']);
      expect(fixture.resources.map((r) => r.uri)).toEqual(['fixture://readme']);
      expect(fixture.authStatus).toBe('unsupported');
      expect((data.find((s) => s.name === 'broken') as Status).toolsError).toMatch(/did not start/);
    };
    check((alone.result as { data: Status[] }).data);

    const started = await client.request('thread/start', { cwd: ws.cwd });
    const threadId = (started.result as { thread: { id: string } }).thread.id;
    const forThread = await client.request('mcpServerStatus/list', { threadId, serverName: 'fixture', detail: 'toolsAndAuthOnly' });
    const data = (forThread.result as { data: Status[] }).data;
    expect(data.map((s) => [s.name, s.runtimeStatus])).toEqual([['fixture', 'connected']]);
    expect(data[0]?.resources).toEqual([]);
  });
});
