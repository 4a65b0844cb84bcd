import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { callsReply } from '../../support/extension-replies.js';
import { recordedPrompts } from '../../support/rollout-prompts.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

describe('steering queue', () => {
  it('a message queued while tools run skips the remaining calls with the pack text and becomes the next input', async () => {
    harness = await threadHarness((_r, i) =>
      i === 0
        ? callsReply([
            { name: 'step', args: { n: 1 }, callId: 'c1' },
            { name: 'step', args: { n: 2 }, callId: 'c2' },
            { name: 'step', args: { n: 3 }, callId: 'c3' },
          ])
        : textReply('changed course'),
    );
    const ran: string[] = [];
    const hooked: string[] = [];
    const weft = (await harness.open())
      .registerTool('step', async (call) => (ran.push(call.callId), { output: `did ${call.callId}` }))
      .use({
        name: 'steerer',
        toolCall: (e) => void hooked.push(e.callId),
        toolResult: (e, ctx) => {
          if (e.callId === 'c1') ctx.steer('stop, do Y instead');
        },
      });
    const thread = await weft.startThread();
    const outcome = await thread.run('do X');
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'changed course' });
    expect(ran).toEqual(['c1']);
    expect(hooked).toEqual(['c1']);

    const skipped = await readFile(new URL('../../../templates/tool_output/skipped.txt', import.meta.url), 'utf8');
    const input = harness.input(1);
    const outs = input.filter((i) => i.type === 'function_call_output').map((i) => [i.call_id, i.output]);
    expect(outs).toEqual([
      ['c1', 'did c1'],
      ['c2', skipped],
      ['c3', skipped],
    ]);
    expect(input.at(-1)).toMatchObject({ role: 'user' });
    expect(itemText(input.at(-1))).toBe('stop, do Y instead');
    await thread.close();
    expect(recordedPrompts(await readFile(thread.rolloutPath, 'utf8'))).toEqual(['do X', 'stop, do Y instead']);
  });
});
