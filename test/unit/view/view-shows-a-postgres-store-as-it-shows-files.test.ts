// `weft view` does not know which store holds the threads: the same turns (a thread and a Codex
// 0.169 fork of it, whose history starts with its parent's lines) shown from the home's files and,
// once moved with `weft thread migrate`, from a Postgres store give the same list and the same thread
// pages, requests included.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { main } from '../../../src/cli/main.js';
import { viewApiFor } from '../../../src/view/view-session.js';
import { startPostgresCluster, type PostgresCluster } from '../../support/postgres-cluster.js';
import { threadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await cluster?.stop();
  await removeTempDirs();
});

it('lists and shows the same threads, a fork included, from files and from Postgres', async () => {
  const h = await threadHarness(() => textReply('ok'), 'compat = "codex-0.169"\nmodel = "gpt-5.5"');
  try {
    const files = await h.open();
    const parent = await files.startThread();
    await parent.run('first question');
    await parent.run('second question');
    await parent.close();
    const fork = await files.forkThread(parent.id, {});
    await fork.run('a question on the fork');
    await fork.close();

    const url = await cluster.freshDatabase();
    const io = { env: { PATH: process.env.PATH, HOME: h.home, WEFT_HOME: h.home }, cwd: h.cwd, isTty: false, stdout: () => {}, stderr: () => {} };
    expect(await main(['thread', 'migrate', '--to', url], io)).toBe(0);
    const postgres = await h.open({ env: { PATH: process.env.PATH, HOME: h.home, WEFT_HOME: h.home, SHELL: '/bin/bash', WEFT_THREAD_STORE: url } });
    expect(postgres.store.kind).toBe('postgres');

    const fromFiles = viewApiFor(files);
    const fromPostgres = viewApiFor(postgres);
    const listed = await fromFiles.threads(null);
    expect((listed.json as { threads: Array<{ id: string; turns: number }> }).threads.map((t) => [t.id, t.turns])).toEqual([
      [fork.id, 1],
      [parent.id, 2],
    ]);
    expect(await fromPostgres.threads(null)).toEqual(listed);
    for (const id of [parent.id, fork.id]) {
      const page = await fromFiles.thread(id);
      expect(page.status).toBe(200);
      expect(await fromPostgres.thread(id)).toEqual(page);
      expect(await fromPostgres.requests(id)).toEqual(await fromFiles.requests(id));
    }
  } finally {
    await h.close();
  }
});
