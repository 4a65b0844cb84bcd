import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

// Both mechanisms pinned here are the seed generation's: 0.169 compacts remotely with a
// `compaction_trigger` item instead of POST /responses/compact.
const SEED_GENERATION = 'compat = "codex-0.98"';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  await removeTempDirs();
});

const compactedOutput = {
  output: [
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'first question' }] },
    { type: 'compaction', encrypted_content: 'opaque-summary' },
  ],
};

describe('remote compaction', () => {
  it('posts {model, input, instructions} to /responses/compact and continues from the returned items', async () => {
    h = await threadHarness(
      (req, i) => (req.path.endsWith('/responses/compact') ? { status: 200, json: compactedOutput } : textReply(`reply ${i}`)),
      SEED_GENERATION,
      'openai',
    );
    const weft = await h.open();
    const thread = await weft.startThread();
    await thread.run('first question');
    await thread.compact();
    await thread.run('second question');
    await thread.close();

    const compact = h.mock.requests[1];
    expect(compact?.path).toBe('/v1/responses/compact');
    expect(Object.keys(compact?.body as object).sort()).toEqual(['input', 'instructions', 'model']);
    const next = h.input(2);
    expect(next.some((item) => item.type === 'compaction')).toBe(true);
    expect(itemText(next.at(-1))).toBe('second question');
  });

  it('falls back to local compaction when the remote call fails, and says so', async () => {
    h = await threadHarness(
      (req, i) =>
        req.path.endsWith('/responses/compact')
          ? { status: 400, json: { error: { message: 'compaction is not available', type: 'invalid_request_error' } } }
          : textReply(i === 2 ? 'LOCAL SUMMARY' : `reply ${i}`),
      SEED_GENERATION,
      'openai',
    );
    const weft = await h.open();
    const thread = await weft.startThread();
    await thread.run('first question');
    const warnings: string[] = [];
    await thread.compact({ onEvent: (e) => e.type === 'warning' && warnings.push(e.message) });
    await thread.close();
    expect(warnings.join('\n')).toMatch(/remote compaction failed.*locally/);
    expect(h.mock.requests.map((r) => r.path)).toEqual(['/v1/responses', '/v1/responses/compact', '/v1/responses']);
    expect(thread.history.some((item) => JSON.stringify(item).includes('LOCAL SUMMARY'))).toBe(true);
  });
});

describe('a compaction request larger than the window', () => {
  it('drops the oldest items without separating a call from its output, and reports how many', async () => {
    let compactions = 0;
    h = await threadHarness((req, i) => {
      const input = (req.body as { input: Array<{ type: string; call_id?: string }> }).input;
      const isCompaction = (req.body as { tools: unknown[] }).tools.length === 0;
      if (!isCompaction) return textReply(`reply ${i}`);
      compactions++;
      // Every compaction request keeps calls and outputs together.
      const calls = input.filter((x) => x.type === 'function_call').map((x) => x.call_id);
      const outputs = input.filter((x) => x.type === 'function_call_output').map((x) => x.call_id);
      expect(outputs).toEqual(calls);
      if (compactions < 3) {
        return { status: 200, sse: [{ type: 'response.failed', response: { id: 'r', status: 'failed', error: { code: 'context_length_exceeded', message: 'too long' } } }] };
      }
      return textReply('SUMMARY');
    }, SEED_GENERATION);
    const weft = await h.open();
    const thread = await weft.startThread();
    await thread.run('question');
    const warnings: string[] = [];
    await thread.compact({ onEvent: (e) => e.type === 'warning' && warnings.push(e.message) });
    await thread.close();
    expect(compactions).toBe(3);
    expect(warnings.join('\n')).toMatch(/2 oldest item/);
  });
});
