import { describe, expect, it } from 'vitest';
import { appendFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listAllThreads, listThreads } from '../../../src/rollout/store/list.js';
import { buildThread } from '../../support/rollout-builders.js';

describe('thread list in a long-running process', () => {
  it('lists a thread once its first user message is appended, and shows a rewritten head, though the heads are kept between listings', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-list-cache-'));
    try {
      const withTurn = await buildThread(home, new Date(2026, 0, 1, 10), { prompts: ['first question'] });
      const silent = await buildThread(home, new Date(2026, 0, 1, 11));
      expect((await listThreads(home, { limit: 10 })).threads.map((t) => t.id)).toEqual([withTurn.id]);

      // A turn appended since the last listing: the silent thread now has a first user message.
      const spoken = (await readFile(withTurn.path, 'utf8')).split('\n').slice(1).join('\n');
      await appendFile(silent.path, spoken);
      const again = await listThreads(home, { limit: 10 });
      expect(again.threads.map((t) => t.id)).toEqual([silent.id, withTurn.id]);

      // A file replaced (written aside, renamed over it) with a content of the same length is read anew too.
      const text = await readFile(withTurn.path, 'utf8');
      await writeFile(`${withTurn.path}.new`, text.replaceAll('first question', 'other question'));
      await rename(`${withTurn.path}.new`, withTurn.path);
      const all = await listAllThreads(home);
      expect(all.map((t) => t.entry.preview)).toEqual(['first question', 'other question']);
      expect(all[1]?.sessionMeta.id).toBe(withTurn.id);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
