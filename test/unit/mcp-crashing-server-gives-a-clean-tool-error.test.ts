// A server that dies during a call: the call answers with a readable tool error, a warning says the
// server stopped, its tools are no longer offered, and the turn completes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, textReply } from '../../scripts/mock-responses-server.js';
import type { ThreadEvent } from '../../src/thread/thread-events.js';
import { threadHarness, type ThreadHarness } from '../support/thread-harness.js';
import { removeTempDirs } from '../support/temp-tree.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'support', 'mcp-fixture-server.mjs');
let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

const config = (command: string) => `sandbox_mode = "danger-full-access"
[mcp_servers.fixture]
command = ${JSON.stringify(command)}
args = [${JSON.stringify(FIXTURE)}]
`;

describe('an MCP server that dies or never starts', () => {
  it('a crash mid-call is a tool error and the turn completes without its tools', async () => {
    harness = await threadHarness((_req, i) => (i === 0 ? functionCallReply('mcp__fixture__crash', {}, 'call_1') : textReply('recovered')), config(process.execPath));
    const weft = await harness.open();
    const thread = await weft.startThread();
    const events: ThreadEvent[] = [];
    const outcome = await thread.run('crash it', { onEvent: (e) => events.push(e) });
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'recovered' });
    const output = harness.input(1).find((item) => item['type'] === 'function_call_output');
    expect(typeof output?.['output']).toBe('string');
    expect(String(output?.['output'])).toContain('mcp__fixture__crash');
    const warnings = events.filter((e): e is Extract<ThreadEvent, { type: 'warning' }> => e.type === 'warning').map((e) => e.message);
    expect(warnings).toEqual([expect.stringContaining('MCP server fixture stopped')]);
    const tools = ((harness.mock.requests[1]?.body as { tools: { name?: string }[] }).tools ?? []).map((t) => t.name);
    expect(tools.some((n) => n?.startsWith('mcp__fixture__'))).toBe(false);
  });

  it('a server that cannot start is a warning and the thread goes on', async () => {
    harness = await threadHarness(() => textReply('fine'), config('/nonexistent/weft-mcp-server'));
    const weft = await harness.open();
    const thread = await weft.startThread();
    const events: ThreadEvent[] = [];
    const outcome = await thread.run('hello', { onEvent: (e) => events.push(e) });
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'fine' });
    const warnings = events.filter((e): e is Extract<ThreadEvent, { type: 'warning' }> => e.type === 'warning').map((e) => e.message);
    expect(warnings).toEqual([expect.stringMatching(/MCP server fixture did not start/)]);
  });
});
