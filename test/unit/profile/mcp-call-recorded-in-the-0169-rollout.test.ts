// Codex 0.169 records an MCP tool call in its rollout: an `item_completed` event holding an
// `McpToolCall` item (the server's result as sent, the call's duration) between the call and its
// output, and the response's token count after that output. 0.98 recorded nothing for it. A real MCP server (the SDK fixture, over stdio).
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { mcpToolCallItem } from '../../../src/profile/codex-0.169/mcp-call-item.js';
import { fixtureServerTable, namespacedCall } from '../../support/mcp-fixture.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { lineKind, type RolloutLine } from '../../support/rollout-line-kinds.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

async function rolloutOf(compat: string): Promise<RolloutLine[]> {
  harness = await threadHarness((_req, i) => (i === 0 ? namespacedCall('echo', { text: 'hi' }, 'call_mcp') : textReply('done')), `compat = "${compat}"\nsandbox_mode = "danger-full-access"\n${fixtureServerTable()}`);
  const weft = await harness.open();
  const thread = await weft.startThread();
  const outcome = await thread.run('echo through MCP');
  expect(outcome.status).toBe('completed');
  const text = await readFile(thread.rolloutPath, 'utf8');
  await thread.close();
  return text.trim().split('\n').map((l) => JSON.parse(l) as RolloutLine);
}

describe('an MCP call in the rollout', () => {
  it('0.169: an McpToolCall item_completed between the call and its output', async () => {
    const lines = (await rolloutOf('codex-0.169')).map((l) => ({ l, k: lineKind(l) }));
    const call = lines.findIndex((x) => x.k === 'response_item/function_call');
    const item = lines.findIndex((x) => x.k === 'event_msg/item_completed:McpToolCall');
    const output = lines.findIndex((x) => x.k === 'response_item/function_call_output');
    expect(call).toBeGreaterThan(-1);
    expect(item).toBeGreaterThan(call);
    expect(output).toBeGreaterThan(item);
    // The response's usage record comes at once; its token count waits for the call's output.
    const kinds = lines.map((x) => x.k);
    expect(kinds.slice(call, output + 2)).toEqual([
      'response_item/function_call',
      'token_usage_record/undefined',
      'event_msg/item_completed:McpToolCall',
      'response_item/function_call_output',
      'event_msg/token_count',
    ]);
    const recorded = lines[item]?.l.payload as { item: Record<string, unknown>; thread_id: unknown };
    expect(Object.keys(recorded.item)).toEqual(['type', 'id', 'server', 'tool', 'arguments', 'status', 'result', 'duration']);
    expect(recorded.item).toMatchObject({ type: 'McpToolCall', id: 'call_mcp', server: 'fixture', tool: 'echo', arguments: { text: 'hi' }, status: 'completed', result: { content: [{ type: 'text', text: 'echo: hi' }] } });
    expect(recorded.item['duration']).toEqual({ secs: expect.any(Number), nanos: expect.any(Number) });
  });

  it('0.98: nothing besides the call and its output', async () => {
    const kinds = (await rolloutOf('codex-0.98')).map(lineKind);
    expect(kinds.filter((k) => k.includes('item_completed') || k.includes('mcp'))).toEqual([]);
    expect(kinds).toContain('response_item/function_call_output');
  });
});

describe('the McpToolCall item', () => {
  it('keeps the result as sent, marks a tool error failed, and names a failure on the way', () => {
    const base = { callId: 'c', server: 's', tool: 't', arguments: {}, durationMs: 1500.25 };
    expect(mcpToolCallItem({ ...base, result: { content: [], structuredContent: null, isError: false }, error: null })).toEqual({
      type: 'McpToolCall', id: 'c', server: 's', tool: 't', arguments: {}, status: 'completed', result: { content: [], isError: false }, duration: { secs: 1, nanos: 500250000 },
    });
    expect(mcpToolCallItem({ ...base, result: { content: [], structuredContent: { a: 1 }, isError: true }, error: null })).toMatchObject({ status: 'failed', result: { content: [], structuredContent: { a: 1 }, isError: true } });
    expect(mcpToolCallItem({ ...base, result: null, error: 'server gone' })).toMatchObject({ status: 'failed', error: { message: 'server gone' } });
  });
});
