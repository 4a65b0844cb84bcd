// A fork weft writes under a paginated generation is one line (its session_meta names the history it
// borrows from its parent). Codex lists such a fork with its parent's preview before it has a turn of
// its own; so do weft's listings read from the rollouts (no thread index in the home): `thread list`
// and the viewer's list. A thread started and left without a turn stays unlisted, as in Codex.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { listAllThreads } from '../../../src/rollout/store/list.js';
import { ThreadCatalog } from '../../../src/view/thread-catalog.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await removeTempDirs();
});

for (const compat of ['codex-0.169', 'codex-0.171'] as const) {
  describe(`${compat}, a home without Codex's thread index`, () => {
    it("lists a fork of one line with its parent's preview, forks of forks too", async () => {
      h = await threadHarness(() => textReply('ok'), `compat = "${compat}"\nmodel = "gpt-5.5"`);
      const weft = await h.open();
      const parent = await weft.startThread();
      await parent.run('the parent prompt');
      await parent.close();
      const fork = await weft.forkThread(parent.id);
      await fork.close();
      const forkOfFork = await weft.forkThread(fork.id);
      await forkOfFork.close();
      const silent = await weft.startThread();
      await silent.close();
      expect((await readFile(fork.rolloutPath, 'utf8')).trimEnd().split('\n')).toHaveLength(1);

      const listed = await listAllThreads(h.home, {});
      expect(listed.map((t) => [t.entry.id, t.entry.preview])).toEqual([
        [forkOfFork.id, 'the parent prompt'],
        [fork.id, 'the parent prompt'],
        [parent.id, 'the parent prompt'],
      ]);
      expect((await weft.store.list({ limit: 10 })).threads.map((t) => t.id)).toEqual([forkOfFork.id, fork.id, parent.id]);
      const viewer = await new ThreadCatalog(weft.store).list();
      expect(viewer.map((t) => [t.id, t.forkedFromId])).toEqual([
        [forkOfFork.id, fork.id],
        [fork.id, parent.id],
        [parent.id, undefined],
      ]);
    });
  });
}
