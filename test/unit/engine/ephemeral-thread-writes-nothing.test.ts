// An ephemeral thread (`startThread({ ephemeral: true })`, Codex's --ephemeral) runs turns with its
// history in memory and writes nothing under the home: no rollout, no lock, no session directory.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  await removeTempDirs();
});

it('keeps its history across turns and leaves the home untouched', async () => {
  h = await threadHarness((_req, i) => textReply(`answer ${i + 1}`));
  const weft = await h.open();
  const thread = await weft.startThread({ ephemeral: true });
  expect((await thread.run('first')).status).toBe('completed');
  expect((await thread.run('second')).status).toBe('completed');
  await thread.close();
  expect(JSON.stringify(h.input(1))).toContain('answer 1');
  const entries = await readdir(h.home, { recursive: true });
  expect(entries.filter((e) => e.startsWith('sessions') || e.endsWith('.jsonl') || e.endsWith('.lock'))).toEqual([]);
  expect(await weft.threads.list()).toEqual({ threads: [], nextCursor: null });
  expect(path.basename(thread.rolloutPath)).toMatch(/^rollout-.*\.jsonl$/);
});
