// `weft thread migrate --to postgres://…` moves a home's threads into a Postgres store (a re-run finds
// them there); `weft thread export --jsonl` then gives back the rollout byte for byte, `weft thread
// import` stores a rollout in another store, and a thread moved to Postgres resumes there and sends
// the request the same resume sends from the home's files.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { main } from '../../../src/cli/main.js';
import { startPostgresCluster, type PostgresCluster } from '../../support/postgres-cluster.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let cluster: PostgresCluster;
let harness: ThreadHarness | undefined;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await cluster?.stop();
});
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

async function cli(h: ThreadHarness, argv: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io = { env: { PATH: process.env.PATH, HOME: h.home, WEFT_HOME: h.home, SHELL: '/bin/bash', ...extraEnv }, cwd: h.cwd, isTty: false, stdout: (l: string) => void stdout.push(l), stderr: (l: string) => void stderr.push(l) };
  let code: number;
  try {
    code = await main(argv, io);
  } catch (err) {
    stderr.push(String(err));
    code = 1;
  }
  return { code, stdout, stderr };
}

describe('weft thread migrate, export --jsonl and import', () => {
  it('moves the threads once, and exports them byte for byte', async () => {
    const h = (harness = await threadHarness(() => textReply('ok'), 'compat = "codex-0.98"\nmodel = "gpt-5.5"'));
    const thread = await (await h.open()).startThread();
    await thread.run('hello');
    await thread.close();
    const url = await cluster.freshDatabase();
    const first = await cli(h, ['thread', 'migrate', '--to', url]);
    expect(first.stderr.join('\n')).not.toContain(new URL(url).password);
    expect(first.stdout).toEqual(['1 imported, 0 completed, 0 already there, 0 failed']);
    expect((await cli(h, ['thread', 'migrate', '--to', url])).stdout).toEqual(['0 imported, 0 completed, 1 already there, 0 failed']);
    const out = path.join(await tempDir(), 'exported.jsonl');
    const exported = await cli(h, ['thread', 'export', thread.id, '--jsonl', '-o', out], { WEFT_THREAD_STORE: url });
    expect(exported.code).toBe(0);
    expect((await readFile(out)).equals(await readFile(thread.rolloutPath))).toBe(true);
    const listed = await cli(h, ['thread', 'list', '--json'], { WEFT_THREAD_STORE: url });
    expect(listed.stdout.join('\n')).toContain(thread.id);
  });

  it('imports a rollout into another store under its own name', async () => {
    const h = (harness = await threadHarness(() => textReply('ok'), 'compat = "codex-0.98"\nmodel = "gpt-5.5"'));
    const thread = await (await h.open()).startThread();
    await thread.run('hello');
    await thread.close();
    const url = await cluster.freshDatabase();
    const imported = await cli(h, ['thread', 'import', thread.rolloutPath], { WEFT_THREAD_STORE: url });
    expect(imported.stderr).toEqual([`imported: ${thread.rolloutPath}`]);
    expect((await cli(h, ['thread', 'import', thread.rolloutPath], { WEFT_THREAD_STORE: url })).stderr).toEqual([`already stored: ${thread.rolloutPath}`]);
    const out = path.join(await tempDir(), 'exported.jsonl');
    await cli(h, ['thread', 'export', thread.id.slice(0, 8), '--jsonl', '-o', out], { WEFT_THREAD_STORE: url });
    expect((await readFile(out)).equals(await readFile(thread.rolloutPath))).toBe(true);
  });

  it('resumes a moved thread from Postgres with the request a resume from files sends', async () => {
    const h = (harness = await threadHarness(() => textReply('ok'), 'compat = "codex-0.98"\nmodel = "gpt-5.5"'));
    const env = { PATH: process.env.PATH, HOME: h.home, WEFT_HOME: h.home, SHELL: '/bin/bash' };
    const thread = await (await h.open()).startThread();
    await thread.run('hello');
    await thread.close();
    const url = await cluster.freshDatabase();
    expect((await cli(h, ['thread', 'migrate', '--to', url])).code).toBe(0);
    const fromPg = await (await h.open({ env: { ...env, WEFT_THREAD_STORE: url } })).resumeThread(thread.id);
    await fromPg.run('again');
    await fromPg.close();
    const fromFiles = await (await h.open()).resumeThread(thread.id);
    await fromFiles.run('again');
    await fromFiles.close();
    expect(h.mock.requests).toHaveLength(3);
    expect(h.input(1)).toEqual(h.input(2));
    // The turn run on Postgres is stored there: its export holds the lines the files store appended.
    const out = path.join(await tempDir(), 'exported.jsonl');
    await cli(h, ['thread', 'export', thread.id, '--jsonl', '-o', out], { WEFT_THREAD_STORE: url });
    const types = (text: string) => text.trim().split('\n').map((l) => (JSON.parse(l) as { type: string }).type);
    expect(types(await readFile(out, 'utf8'))).toEqual(types(await readFile(thread.rolloutPath, 'utf8')));
  });
  it('moves an archived thread too, and it stays archived', async () => {
    const h = (harness = await threadHarness(() => textReply('ok'), 'compat = "codex-0.98"\nmodel = "gpt-5.5"'));
    const env = { PATH: process.env.PATH, HOME: h.home, WEFT_HOME: h.home, SHELL: '/bin/bash' };
    const files = await h.open();
    const kept = await files.startThread();
    await kept.run('kept');
    await kept.close();
    const archived = await files.startThread();
    await archived.run('put away');
    await archived.close();
    const archivedPath = await files.store.archive(archived.rolloutPath);
    const url = await cluster.freshDatabase();
    expect((await cli(h, ['thread', 'migrate', '--to', url])).stdout).toEqual(['2 imported, 0 completed, 0 already there, 0 failed']);
    const postgres = await h.open({ env: { ...env, WEFT_THREAD_STORE: url } });
    expect((await postgres.store.list({ limit: 10 })).threads.map((t) => t.id)).toEqual([kept.id]);
    expect((await postgres.store.list({ limit: 10, archived: true })).threads.map((t) => t.id)).toEqual([archived.id]);
    const out = path.join(await tempDir(), 'exported.jsonl');
    expect((await cli(h, ['thread', 'export', archived.id, '--jsonl', '-o', out], { WEFT_THREAD_STORE: url })).code).toBe(0);
    expect((await readFile(out)).equals(await readFile(archivedPath))).toBe(true);
  });
});
