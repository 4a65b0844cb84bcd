import { appendFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  await removeTempDirs();
});

describe('a process killed in the middle of an append', () => {
  it('leaves a rollout that resumes with every completed turn', async () => {
    h = await threadHarness((_req, i) => textReply(`answer ${i}`));
    const weft = await h.open();
    const thread = await weft.startThread();
    await thread.run('first');
    await thread.run('second');
    await thread.close();
    // What a kill during a write leaves: half a line, no newline.
    await appendFile(thread.rolloutPath, '{"timestamp":"2026-01-01T00:00:00.000Z","type":"response_item","payload":{"type":"mess');

    const resumed = await weft.resumeThread(thread.id);
    expect(weft.takeWarnings(resumed).join('\n')).toMatch(/rollout-.*\.jsonl:\d+/);
    await resumed.run('third');
    await resumed.close();
    const texts = h.input(2).map(itemText);
    for (const expected of ['first', 'answer 0', 'second', 'answer 1', 'third']) expect(texts).toContain(expected);
  });
});
