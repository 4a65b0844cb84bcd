import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, lastUserText, textReply, type CapturedRequest, type MockReply } from '../../../scripts/mock-responses-server.js';
import type { BudgetedAssembly } from '../../../src/assembly/budget/assemble-budgeted.js';
import { budgetedAssembly } from '../../../src/assembly/budget/budgeted-strategy.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

// The budgeted assembly's sections are laid over the seed generation's body (an `instructions`
// field, the stage prompt as the first input message).
const SEED_GENERATION = 'compat = "codex-0.98"';

const pack = (file: string) => readFile(new URL(`../../../templates/${file}`, import.meta.url), 'utf8');

describe('budgeted assembly as a thread strategy', () => {
  it('a thread that selects it sends stage, history and other context; the history it keeps is untouched', async () => {
    harness = await threadHarness(() => textReply('ok'), SEED_GENERATION);
    const weft = await harness.open();
    const reports: BudgetedAssembly[] = [];
    const thread = await weft.startThread({
      extensions: [
        budgetedAssembly({
          stage: 'testing',
          budget: { budgets: { system: 50_000 } },
          sources: [{ kind: 'test_results', title: 'vitest', content: '3 failed' }],
          onAssembled: (a) => void reports.push(a),
        }),
      ],
    });
    const other = await weft.startThread();
    await thread.run('cover the parser');
    await other.run('cover the parser');

    const input = harness.input(0);
    expect(input[0]).toEqual({ type: 'message', role: 'developer', content: [{ type: 'input_text', text: await pack('budget/stages/testing.md') }] });
    expect(itemText(input.at(-2))).toBe('cover the parser');
    expect(itemText(input.at(-1))).toContain('<context_source kind="test_results" title="vitest">\n3 failed\n</context_source>');
    // The other thread did not select the strategy.
    expect(JSON.stringify(harness.input(1))).not.toContain('Stage: testing');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.sections.map((s) => s.name)).toEqual(['system', 'stage', 'history', 'other']);
    expect(JSON.stringify(thread.history)).not.toContain('Stage: testing');
  });

  it('over the trigger the history is summarized by the thread’s model; a summary is reused while its part is unchanged', async () => {
    const summaryPromptStart = (await pack('budget/history_summary.md')).slice(0, 40);
    let turnRequests = 0;
    const respond = (req: CapturedRequest): MockReply => {
      if (lastUserText(req.body)?.startsWith(summaryPromptStart)) return textReply('SUMMARY OF EARLIER WORK');
      const n = turnRequests++;
      if (n === 0) return functionCallReply('dump', {}, 'call_1');
      if (n === 2) return functionCallReply('probe', {}, 'call_2');
      return textReply(`reply ${n}`);
    };
    harness = await threadHarness(respond, SEED_GENERATION);
    const weft = (await harness.open())
      .registerTool('dump', async () => ({ output: 'log line\n'.repeat(2_500) }))
      .registerTool('probe', async () => ({ output: 'small' }));
    const warnings: string[] = [];
    const onEvent = (e: { type: string; message?: string }) => void (e.type === 'warning' && warnings.push(e.message ?? ''));
    const thread = await weft.startThread({ extensions: [budgetedAssembly({ stage: 'coding', budget: { budgets: { system: 50_000, history: 4_000 } } })] });
    await thread.run('inspect the logs', { onEvent });
    await thread.run('now fix it', { onEvent });
    expect(warnings).toEqual([]);

    const bodies = harness.mock.requests.map((r) => r.body as { input: Array<Record<string, unknown>> });
    const isSummary = (b: (typeof bodies)[number]) => itemText(b.input.at(-1)).startsWith(summaryPromptStart);
    // Summaries: after the big tool output (turn 1), and for turn 2's older part — once, though
    // turn 2 makes two requests over the same older part.
    expect(bodies.map((b) => (isSummary(b) ? 'S' : 'T')).join('')).toBe('TSTSTT');
    const summaryPrompt = itemText(bodies[3]!.input.at(-1));
    expect(summaryPrompt).toContain('[user]\ninspect the logs');
    expect(summaryPrompt).toContain('[tool output]\nlog line');

    const last = bodies.at(-1)!;
    const texts = last.input.map(itemText);
    expect(texts.some((t) => t.includes('SUMMARY OF EARLIER WORK'))).toBe(true);
    expect(texts.slice(-4)).toEqual([expect.stringContaining('SUMMARY OF EARLIER WORK'), 'now fix it', '', '']);
    expect(last.input.slice(-2).map((i) => i.type)).toEqual(['function_call', 'function_call_output']);
    expect(JSON.stringify(last)).not.toContain('log line\\nlog line');
    // The thread still holds everything, and no summary.
    expect(JSON.stringify(thread.history)).toContain('log line\\nlog line');
    expect(JSON.stringify(thread.history)).not.toContain('SUMMARY OF EARLIER WORK');
  });
});
