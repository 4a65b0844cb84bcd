// In the middle of a turn, the tokens in use are the last response's total plus the estimate of the
// items recorded after the model's last output (its calls' outputs), as Codex counts them: a
// response just under the limit whose tool output carries it over compacts before the next request.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { functionCallReply, makeUsage, textReply } from '../../../scripts/mock-responses-server.js';
import { tokensAfterLastModelOutput } from '../../../src/compaction/compaction-trigger.js';
import { estimateVisibleItemTokens } from '../../../src/history/token-estimate.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  await removeTempDirs();
});

const compactPrompt = await readFile(new URL('../../../templates/compact/prompt.md', import.meta.url), 'utf8');
const isCompaction = (body: unknown) => itemText((body as { input: Array<Record<string, unknown>> }).input.at(-1)) === compactPrompt;

async function compactions(callUsage: number): Promise<boolean[]> {
  h = await threadHarness(
    (req, i) => {
      if (isCompaction(req.body)) return textReply('SUMMARY');
      if (i === 0) return functionCallReply('exec_command', { cmd: 'printf %0400d 0' }, 'call_1', { usage: makeUsage(callUsage, 0) });
      return textReply('done', { usage: makeUsage(100, 10) });
    },
    'model_auto_compact_token_limit = 5000\nsandbox_mode = "danger-full-access"\napproval_policy = "never"',
  );
  const weft = await h.open();
  const thread = await weft.startThread();
  await thread.run('run something');
  await thread.close();
  return h.mock.requests.map((r) => isCompaction(r.body));
}

describe('the mid-turn auto-compaction check', () => {
  it('compacts when the last total is under the limit but the tool output brings it there', async () => {
    expect(await compactions(4990)).toEqual([false, true, false]);
  });

  it('does not compact when the last total and the tool output stay under the limit', async () => {
    expect(await compactions(4000)).toEqual([false, false]);
  });

  it('counts only the items after the model’s last output', () => {
    const user: ResponseItem = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'u'.repeat(100) }] };
    const call: ResponseItem = { type: 'function_call', name: 'f', arguments: '{}', call_id: 'c' };
    const output: ResponseItem = { type: 'function_call_output', call_id: 'c', output: 'o'.repeat(200) };
    expect(tokensAfterLastModelOutput([user, call, output])).toBe(estimateVisibleItemTokens(output));
    expect(tokensAfterLastModelOutput([user, call])).toBe(0);
    expect(tokensAfterLastModelOutput([user])).toBe(estimateVisibleItemTokens(user));
  });
});
