// A server that dies during a call: the call answers with a readable tool error, a warning says the
// server stopped, its tools are no longer offered, and the turn completes.
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


describe('an MCP server that dies or never starts', () => {
  it('a crash mid-call is a tool error and the turn completes without its tools', async () => {
    harness = await threadHarness((_req, i) => (i === 0 ? functionCallReply('mcp__fixture__crash', {}, 'call_1') : textReply('recovered')), fixtureServerConfig());
    const weft = await harness.open();
    const thread = await weft.startThread();
    const events: ThreadEvent[] = [];
    const outcome = await thread.run('crash it', { onEvent: (e) => events.push(e) });
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'recovered' });
    const output = harness.input(1).find((item) => item['type'] === 'function_call_output');
    expect(typeof output?.['output']).toBe('string');
    expect(String(output?.['output'])).toContain('mcp__fixture__crash');
    expect(warningsOf(events)).toEqual([expect.stringContaining('MCP server fixture stopped')]);
    const tools = ((harness.mock.requests[1]?.body as { tools: { name?: string }[] }).tools ?? []).map((t) => t.name);
    expect(tools.some((n) => n?.startsWith('mcp__fixture__'))).toBe(false);
  });

  it('a server that cannot start is a warning and the thread goes on', async () => {
    harness = await threadHarness(() => textReply('fine'), fixtureServerConfig('', '/nonexistent/weft-mcp-server'));
    const weft = await harness.open();
    const thread = await weft.startThread();
    const events: ThreadEvent[] = [];
    const outcome = await thread.run('hello', { onEvent: (e) => events.push(e) });
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'fine' });
    expect(warningsOf(events)).toEqual([expect.stringMatching(/MCP server fixture did not start/)]);
  });
});
