import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import type { ContextEntry, Extension } from '../../../src/extensions/extension.js';
import { toWire } from '../../../src/extensions/message-wire.js';
import { rolloutLines } from '../../support/extension-replies.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

const pack = (file: string) => readFile(new URL(`../../../templates/${file}`, import.meta.url), 'utf8');

function messenger(seen: string[][]): Extension {
  return {
    name: 'messenger',
    messageTypes: { 'ui-only': { excludeFromContext: true } },
    beforeTurn: (e) =>
      e.prompt === 'first'
        ? {
            messages: [
              { type: 'extension_message', customType: 'hint', content: 'a hint for the model' },
              { type: 'extension_message', customType: 'ui-only', content: 'for the screen only', display: true },
              { type: 'compaction_summary_message', summary: 'we did A' },
              { type: 'branch_summary_message', summary: 'tried B, dropped it' },
            ],
          }
        : undefined,
    context: ({ entries }) => void seen.push(entries.map((e) => (e.type === 'extension_message' ? `ext:${e.customType}` : e.type))),
  };
}

describe('extension messages', () => {
  it('go to the model as user messages, summaries wrapped by the pack; excluded types never do', async () => {
    harness = await threadHarness(() => textReply('ok'));
    const seen: string[][] = [];
    const thread = await (await harness.open()).use(messenger(seen)).startThread();
    await thread.run('first');
    const texts = harness.input(0).map((i) => `${String(i.role)}:${itemText(i)}`);
    const compaction = (await pack('extensions/compaction_summary.md')).replace('{{ summary }}', 'we did A');
    const branch = (await pack('extensions/branch_summary.md')).replace('{{ summary }}', 'tried B, dropped it');
    expect(texts.slice(-4)).toEqual(['user:first', 'user:a hint for the model', `user:${compaction}`, `user:${branch}`]);
    expect(texts.join('\n')).not.toContain('for the screen only');
    // Context handlers see the messages in their own shape, excluded ones included.
    expect(seen[0]?.slice(-5)).toEqual(['message', 'ext:hint', 'ext:ui-only', 'compaction_summary_message', 'branch_summary_message']);
    await thread.close();
    const stored = rolloutLines(await readFile(thread.rolloutPath, 'utf8')).filter((l) => l.payload.type === 'weft_extension_message');
    expect(stored.map((l) => l.payload.message)).toEqual([
      { type: 'extension_message', customType: 'hint', content: 'a hint for the model' },
      { type: 'extension_message', customType: 'ui-only', content: 'for the screen only', display: true },
      { type: 'compaction_summary_message', summary: 'we did A' },
      { type: 'branch_summary_message', summary: 'tried B, dropped it' },
    ]);
  });

  it('a resumed thread puts the stored messages back after the same item', async () => {
    harness = await threadHarness(() => textReply('ok'));
    const weft = (await harness.open()).use(messenger([]));
    const thread = await weft.startThread();
    await thread.run('first');
    await thread.close();
    const resumed = await weft.resumeThread(thread.id);
    expect(weft.takeWarnings(resumed)).toEqual([]);
    await resumed.run('second');
    const texts = harness.input(1).map(itemText);
    const at = texts.indexOf('first');
    expect(texts.slice(at, at + 3)).toEqual(['first', 'a hint for the model', expect.stringContaining('we did A')]);
    expect(texts.join('\n')).not.toContain('for the screen only');
  });

  it('maps content parts as given and keeps Responses items as the same objects', () => {
    const item: ContextEntry = { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'x' }] };
    const texts = { compactionSummary: (s: string) => `C:${s}`, branchSummary: (s: string) => `B:${s}` };
    const out = toWire(
      [item, { type: 'extension_message', customType: 'img', content: [{ type: 'input_image', image_url: 'data:image/png;base64,AA' }] }],
      new Map(),
      texts,
    );
    expect(out[0]).toBe(item);
    expect(out[1]).toEqual({ type: 'message', role: 'user', content: [{ type: 'input_image', image_url: 'data:image/png;base64,AA' }] });
  });
});
