import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import type { BeforeTurnEvent } from '../../../src/extensions/extension.js';
import { rolloutLines } from '../../support/extension-replies.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

const summary = (items: Array<Record<string, unknown>>) => items.map((i) => `${String(i.role)}:${itemText(i)}`);

describe('beforeTurn hook', () => {
  it('messages accumulate after the user message; developer instructions chain and last one prompt only', async () => {
    harness = await threadHarness(() => textReply('ok'));
    const seen: BeforeTurnEvent[] = [];
    let prompts = 0;
    const weft = (await harness.open())
      .use({
        name: 'a',
        beforeTurn: (e) => {
          seen.push(e);
          prompts += 1;
          if (prompts > 1) return undefined;
          return { developerInstructions: 'Be terse.', messages: [{ type: 'extension_message', customType: 'note', content: 'note from a' }] };
        },
      })
      .use({
        name: 'b',
        beforeTurn: (e) => {
          seen.push(e);
          if (e.developerInstructions === undefined) return undefined;
          return { developerInstructions: `${e.developerInstructions} Cite files.`, messages: [{ type: 'extension_message', customType: 'note', content: 'note from b' }] };
        },
      });
    const thread = await weft.startThread();
    await thread.run('first');
    await thread.run('second');

    expect(seen.map((e) => [e.prompt, e.developerInstructions])).toEqual([
      ['first', undefined],
      ['first', 'Be terse.'],
      ['second', undefined],
      ['second', undefined],
    ]);
    const first = summary(harness.input(0));
    expect(first.slice(-4)).toEqual(['developer:Be terse. Cite files.', 'user:first', 'user:note from a', 'user:note from b']);
    // The second prompt: the messages stay where they were, the extra instructions are gone.
    const second = summary(harness.input(1));
    expect(second.filter((s) => s.includes('Be terse.'))).toEqual([]);
    expect(second.slice(-5)).toEqual(['user:first', 'user:note from a', 'user:note from b', 'assistant:ok', 'user:second']);

    await thread.close();
    const lines = rolloutLines(await readFile(thread.rolloutPath, 'utf8'));
    const kinds = lines.flatMap((l) =>
      l.type === 'response_item' && l.payload.type === 'message' ? [`item:${itemText(l.payload)}`] : l.payload.type === 'weft_extension_message' ? ['ext'] : [],
    );
    // Stored once, right after the user message they follow; the developer text is never stored.
    expect(kinds.slice(kinds.indexOf('item:first'))).toEqual(['item:first', 'ext', 'ext', 'item:ok', 'item:second', 'item:ok']);
    expect(lines.some((l) => JSON.stringify(l).includes('Be terse.'))).toBe(false);
  });
});
