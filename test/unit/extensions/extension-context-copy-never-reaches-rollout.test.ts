import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, textReply } from '../../../scripts/mock-responses-server.js';
import type { ContextEntry } from '../../../src/extensions/extension.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

describe('context hook', () => {
  it('runs before every request on a deep copy: what it returns is sent, history and rollout keep the original', async () => {
    harness = await threadHarness((_req, i) => (i === 0 ? functionCallReply('probe', {}, 'call_1') : textReply('done')));
    const seenByB: string[][] = [];
    const weft = (await harness.open())
      .registerTool('probe', async () => ({ output: 'probe output' }))
      .use({
        name: 'a',
        context: ({ entries }) => {
          // Mutate in place: rewrite the user's text and drop developer messages.
          for (const e of entries) if (e.type === 'message' && e.role === 'user' && e.content[0]?.type === 'input_text') e.content[0].text = e.content[0].text.replace('secret', '***');
          return entries.filter((e) => !(e.type === 'message' && e.role === 'developer'));
        },
      })
      .use({
        name: 'b',
        context: ({ entries }) => {
          seenByB.push(entries.map((e) => e.type));
          const extra: ContextEntry = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'injected by b' }] };
          return [...entries, extra];
        },
      });
    const thread = await weft.startThread();
    await thread.run('my secret plan');

    expect(harness.mock.requests).toHaveLength(2);
    for (const i of [0, 1]) {
      const input = harness.input(i);
      // Every developer message of the entries is gone. The thread's base instructions are not an
      // entry: under codex-0.169 they still go out, as the one developer message left.
      const developer = input.filter((item) => item.type === 'message' && item.role === 'developer').map(itemText);
      expect(developer).toHaveLength(1);
      expect(thread.baseInstructions.startsWith((developer[0] as string).slice(0, 200))).toBe(true);
      expect(input.map(itemText)).toContain('my *** plan');
      expect(itemText(input.at(-1))).toBe('injected by b');
    }
    // b sees a's output (no developer message), on every request.
    expect(seenByB).toHaveLength(2);
    expect(seenByB[1]).toContain('function_call_output');

    const history = thread.history;
    expect(history.some((item) => item.type === 'message' && item.role === 'developer')).toBe(true);
    expect(JSON.stringify(history)).toContain('my secret plan');
    expect(JSON.stringify(history)).not.toContain('injected by b');
    await thread.close();
    const rollout = await readFile(thread.rolloutPath, 'utf8');
    expect(rollout).toContain('my secret plan');
    expect(rollout).not.toContain('my *** plan');
    expect(rollout).not.toContain('injected by b');
  });

  it('a throwing handler leaves the entries as they were before it, even after mutating them', async () => {
    harness = await threadHarness(() => textReply('ok'));
    const weft = (await harness.open()).use({
      name: 'half',
      context: ({ entries }) => {
        entries.length = 0;
        throw new Error('gave up');
      },
    });
    const thread = await weft.startThread();
    const warnings: string[] = [];
    await thread.run('keep me', { onEvent: (e) => e.type === 'warning' && warnings.push(e.message) });
    expect(warnings).toEqual(['extension `half` failed in context: gave up']);
    expect(itemText(harness.input(0).at(-1))).toBe('keep me');
  });
});
