import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { MessageQueues } from '../../../src/extensions/message-queues.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

describe('follow-up queue', () => {
  it('a follow-up waits until the model answers without a call, then runs in the same turn', async () => {
    harness = await threadHarness((_r, i) => textReply(`reply ${i}`));
    const ends: string[] = [];
    const weft = (await harness.open()).use({
      name: 'chaser',
      onEvent: (e, ctx) => {
        if (e.type === 'turnStart') ctx.followUp('and now the tests');
        if (e.type === 'turnEnd') ends.push(e.status);
      },
    });
    const thread = await weft.startThread();
    const outcome = await thread.run('write the code');
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'reply 1' });
    expect(harness.mock.requests).toHaveLength(2);
    expect(harness.input(0).map(itemText)).not.toContain('and now the tests');
    expect(harness.input(1).slice(-3).map(itemText)).toEqual(['write the code', 'reply 0', 'and now the tests']);
    expect(ends).toEqual(['completed']);
  });

  it('at the end of a turn steering goes before follow-ups, which wait for the next check', () => {
    const queues = new MessageQueues();
    queues.followUp('later');
    queues.steer('now');
    expect(queues.take('followUp')).toEqual(['now']);
    expect(queues.take('steering')).toEqual([]);
    expect(queues.take('followUp')).toEqual(['later']);
    expect(queues.take('followUp')).toEqual([]);
  });
});
