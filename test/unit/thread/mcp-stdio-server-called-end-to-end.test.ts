// A real MCP server (the SDK, over stdio) configured in config.toml: its tool is offered to the model
// under its qualified name, the model's call reaches the server, and the answer goes back as the
// JSON text of the content; a tool listed in disabled_tools is not offered.
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, textReply } from '../../../scripts/mock-responses-server.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';
import { fixtureServerConfig, warningsOf } from '../../support/mcp-fixture.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

const config = fixtureServerConfig('disabled_tools = ["hidden"]\n');

function toolNames(body: unknown): string[] {
  return ((body as { tools?: { name?: string }[] }).tools ?? []).map((t) => t.name ?? '');
}

describe('an MCP server over stdio', () => {
  it('offers its tools, runs a call end to end and returns the content JSON', async () => {
    harness = await threadHarness(
      (_req, i) => (i === 0 ? functionCallReply('mcp__fixture__echo', { text: 'hi there' }, 'call_1') : textReply('done')),
      config,
    );
    const weft = await harness.open();
    const thread = await weft.startThread();
    const events: ThreadEvent[] = [];
    const outcome = await thread.run('echo something', { onEvent: (e) => events.push(e) });
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'done' });
    const tools = toolNames(harness.mock.requests[0]?.body);
    expect(tools).toContain('mcp__fixture__echo');
    expect(tools).toContain('mcp__fixture__crash');
    expect(tools).not.toContain('mcp__fixture__hidden');
    const spec = (harness.mock.requests[0]?.body as { tools: Record<string, unknown>[] }).tools.find((t) => t['name'] === 'mcp__fixture__echo');
    expect(spec).toMatchObject({ type: 'function', description: 'Echo the given text back.', strict: false, parameters: { type: 'object', properties: { text: { type: 'string' } } } });
    const output = harness.input(1).find((item) => item['type'] === 'function_call_output');
    expect(output).toMatchObject({ call_id: 'call_1', output: '[{"type":"text","text":"echo: hi there"}]' });
    expect(warningsOf(events)).toEqual([]);
  });
});
