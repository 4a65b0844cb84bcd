// The MCP resource tools answer from the running servers: list_mcp_resources tags each resource with
// its server, read_mcp_resource returns the contents, an unknown server is a readable tool error.
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, textReply } from '../../../scripts/mock-responses-server.js';
import { fixtureServerConfig } from '../../support/mcp-fixture.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

const config = fixtureServerConfig();

const calls = [
  functionCallReply('list_mcp_resources', {}, 'call_list'),
  functionCallReply('read_mcp_resource', { server: 'fixture', uri: 'fixture://readme' }, 'call_read'),
  functionCallReply('read_mcp_resource', { server: 'nope', uri: 'fixture://readme' }, 'call_bad'),
  textReply('done'),
];

describe('MCP resource tools', () => {
  it('list, read, and refuse an unknown server', async () => {
    harness = await threadHarness((_req, i) => calls[i] ?? textReply('done'), config);
    const thread = await (await harness.open()).startThread();
    expect(await thread.run('read the resources')).toMatchObject({ status: 'completed', lastMessage: 'done' });
    await thread.close();
    const output = (request: number, callId: string) =>
      harness?.input(request).find((item) => item['type'] === 'function_call_output' && item['call_id'] === callId)?.['output'];
    expect(JSON.parse(String(output(1, 'call_list')))).toEqual({
      resources: [{ server: 'fixture', uri: 'fixture://readme', name: 'readme', description: 'The fixture readme.', mimeType: 'text/plain' }],
    });
    expect(JSON.parse(String(output(2, 'call_read')))).toEqual({
      server: 'fixture',
      uri: 'fixture://readme',
      contents: [{ uri: 'fixture://readme', mimeType: 'text/plain', text: 'hello resource' }],
    });
    expect(String(output(3, 'call_bad'))).toContain('no running MCP server is named nope');
  });
});
