import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { readRollout } from '../../../src/rollout/format/reader.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  await removeTempDirs();
});

const serverError = { status: 500, json: { error: { message: 'boom', type: 'server_error' } } };

describe('a turn against a failing provider', () => {
  it('retries 5xx and cut streams, then succeeds', async () => {
    const cut = { ...textReply('never finished'), cutAfter: 2 };
    h = await threadHarness((_req, i) => (i === 0 ? serverError : i === 1 ? cut : textReply('finally')));
    const weft = await h.open();
    const thread = await weft.startThread();
    const events: string[] = [];
    const outcome = await thread.run('hello', { onEvent: (e) => events.push(e.type) });
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'finally' });
    // The 500 is resent by the request layer, silently as in Codex; the cut stream is a reported retry.
    expect(events.filter((t) => t === 'retrying')).toHaveLength(1);
    expect(h.mock.requests).toHaveLength(3);
  });

  it('asks again from history when a stream breaks after an item was kept, without repeating it', async () => {
    // 8 events reach the client: the whole message item, but not response.completed.
    const cutAfterItem = { ...textReply('kept part'), cutAfter: 8 };
    h = await threadHarness((_req, i) => (i === 0 ? cutAfterItem : textReply('the rest')));
    const weft = await h.open();
    const thread = await weft.startThread();
    const outcome = await thread.run('hello');
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'the rest' });
    expect(h.mock.requests).toHaveLength(2);
    const texts = h.input(1).map((item) => JSON.stringify(item));
    expect(texts.filter((t) => t.includes('kept part'))).toHaveLength(1);
  });

  it('fails with a clear error after the retry budget, and the rollout still resumes', async () => {
    h = await threadHarness((_req, i) => (i === 0 ? textReply('first answer') : serverError));
    const weft = await h.open();
    const thread = await weft.startThread();
    expect(await thread.run('one')).toMatchObject({ status: 'completed' });
    const failed = await thread.run('two');
    await thread.close();
    expect(failed.status).toBe('failed');
    if (failed.status === 'failed') expect(String((failed.error as Error).message)).toMatch(/500/);

    const warnings: string[] = [];
    await readRollout(thread.rolloutPath, { onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
    const resumed = await weft.resumeThread(thread.id);
    expect(resumed.history.some((item) => JSON.stringify(item).includes('first answer'))).toBe(true);
    await resumed.close();
  });
});
