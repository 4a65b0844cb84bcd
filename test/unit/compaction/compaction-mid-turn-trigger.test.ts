import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, makeUsage, textReply } from '../../../scripts/mock-responses-server.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  await removeTempDirs();
});

// An inline compaction request ends with the pack's compaction prompt (weft's own, shared by both
// generations), whatever tools the model is offered.
const compactPrompt = await readFile(new URL('../../../templates/compact/prompt.md', import.meta.url), 'utf8');
const isCompaction = (body: unknown) => itemText((body as { input: Array<Record<string, unknown>> }).input.at(-1)) === compactPrompt;

describe('automatic compaction', () => {
  it('runs in the middle of a turn, after tool outputs, once the last usage reaches the limit', async () => {
    h = await threadHarness(
      (req, i) => {
        if (isCompaction(req.body)) return textReply('MID-TURN SUMMARY');
        if (i === 0) return functionCallReply('exec_command', { cmd: 'echo hi' }, 'call_1', { usage: makeUsage(9000, 10) });
        return textReply('done');
      },
      'model_auto_compact_token_limit = 5000\nsandbox_mode = "danger-full-access"\napproval_policy = "never"',
    );
    const weft = await h.open();
    const thread = await weft.startThread();
    const outcome = await thread.run('run something');
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'done' });
    expect(h.mock.requests.map((r) => isCompaction(r.body))).toEqual([false, true, false]);
    // The compaction request carries the call and its output; the next request starts from the
    // rebuilt history: the user's message, then the summary.
    const compactionInput = h.input(1);
    expect(compactionInput.some((item) => item.type === 'function_call_output')).toBe(true);
    const after = h.input(2).map(itemText);
    expect(after.indexOf('run something')).toBeLessThan(after.findIndex((t) => t.includes('MID-TURN SUMMARY')));
    expect(h.input(2).some((item) => item.type === 'function_call')).toBe(false);
  });

  it('does not run while the usage stays under the limit', async () => {
    h = await threadHarness((_req, i) => textReply(`reply ${i}`, { usage: makeUsage(100, 10) }), 'model_auto_compact_token_limit = 5000');
    const weft = await h.open();
    const thread = await weft.startThread();
    await thread.run('one');
    await thread.run('two');
    await thread.close();
    expect(h.mock.requests.map((r) => isCompaction(r.body))).toEqual([false, false]);
  });
});
