import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  await removeTempDirs();
});

describe('fork at N with weft’s own pack', () => {
  it('keeps only the turns before the N-th user message, and the fork’s next request carries them', async () => {
    // The seed generation gives a fork a fresh copy of the initial context (0.169 re-injects nothing).
    h = await threadHarness((_req, i) => textReply(`answer ${i}`), 'compat = "codex-0.98"');
    // An AGENTS.md makes weft inject its own-worded AGENTS.md message into every turn's opening.
    await writeFile(`${h.cwd}/AGENTS.md`, 'Project rules.\n');
    const weft = await h.open();
    const parent = await weft.startThread();
    await parent.run('first question');
    await parent.run('second question');
    await parent.close();

    const fork = await weft.forkThread(parent.id, { at: 1 });
    expect(fork.id).not.toBe(parent.id);
    await fork.run('another second question');
    await fork.close();

    const texts = h.input(2).map(itemText);
    expect(texts).toContain('first question');
    expect(texts).toContain('answer 0');
    expect(texts).not.toContain('second question');
    expect(texts.at(-1)).toBe('another second question');
    // The parent's second-turn context is cut with its turn: exactly two AGENTS.md messages remain
    // (the first turn's and the fork's fresh copy).
    expect(texts.filter((t) => t.includes('Project rules.'))).toHaveLength(2);
    expect(h.mock.requests[2]?.body).toMatchObject({ prompt_cache_key: fork.id });
  });
});
