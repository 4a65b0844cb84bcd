// An MCP server answering with a result over 10 MB made the SDK's stdio reader give up: the call
// failed with "Connection closed" and the server was gone for the rest of the thread. Now a 12 MB
// result reaches the model cut to its truncation policy (the middle left out, with Codex's
// marker), and the server keeps serving the next call; an answer beyond the 64 MiB weft reads of
// one message fails that call alone, naming its size, and the server still serves.
import { afterEach, expect, it } from 'vitest';
import { functionCallReply, textReply } from '../../scripts/mock-responses-server.js';
import type { ThreadEvent } from '../../src/thread/thread-events.js';
import { fixtureServerConfig, warningsOf } from '../support/mcp-fixture.js';
import { threadHarness, type ThreadHarness } from '../support/thread-harness.js';
import { removeTempDirs } from '../support/temp-tree.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

async function bigThenEcho(bytes: number): Promise<{ first: string; second: string; warnings: string[] }> {
  harness = await threadHarness(
    (_req, i) =>
      i === 0 ? functionCallReply('mcp__fixture__big', { bytes }, 'call_big') : i === 1 ? functionCallReply('mcp__fixture__echo', { text: 'still here' }, 'call_echo') : textReply('done'),
    fixtureServerConfig('env = { MCP_FIXTURE_BIG = "1" }\ntool_timeout_sec = 120\n'),
  );
  const weft = await harness.open();
  const thread = await weft.startThread();
  const events: ThreadEvent[] = [];
  const outcome = await thread.run('go', { onEvent: (e) => events.push(e) });
  await thread.close();
  expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'done' });
  const outputOf = (i: number, callId: string): string => String(harness!.input(i).find((item) => item['type'] === 'function_call_output' && item['call_id'] === callId)?.['output']);
  return { first: outputOf(1, 'call_big'), second: outputOf(2, 'call_echo'), warnings: warningsOf(events) };
}

it('a 12 MB result is cut to the truncation policy and the server answers the next call', async () => {
  const { first, second, warnings } = await bigThenEcho(12 * 1024 * 1024);
  expect(first.length).toBeLessThan(100_000);
  expect(first).toMatch(/^\[\{"type":"text","text":"abab/);
  expect(first).toMatch(/…\d+ (tokens|chars) truncated…/);
  expect(first).toMatch(/abab"\}\]$/);
  expect(second).toBe('[{"type":"text","text":"echo: still here"}]');
  expect(warnings).toEqual([]);
}, 120_000);

it('an answer over 64 MiB fails its call alone, naming its size; the server answers the next call', async () => {
  const { first, second, warnings } = await bigThenEcho(70 * 1024 * 1024);
  expect(first).toMatch(/answer of \d+ bytes exceeds the 67108864 bytes weft reads of one message/);
  expect(second).toBe('[{"type":"text","text":"echo: still here"}]');
  expect(warnings).toEqual([]);
}, 120_000);
