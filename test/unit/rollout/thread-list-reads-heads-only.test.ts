import { describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, open, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listThreads } from '../../../src/rollout/store/list.js';
import type { ThreadListEntry } from '../../../src/rollout/store/list.js';
import { readRolloutHead } from '../../../src/rollout/store/head.js';
import { sessionsDir } from '../../../src/rollout/store/paths.js';
import { UsageError } from '../../../src/errors.js';
import { buildThread } from '../../support/rollout-builders.js';

const at = (d: number, h: number, s = 0) => new Date(2026, 0, d, h, 0, s);
const secs = (n: number) => new Date(Date.UTC(2026, 1, 1) + n * 1000);

async function allPages(home: string, limit: number, extra: { cwd?: string } = {}): Promise<ThreadListEntry[][]> {
  const pages: ThreadListEntry[][] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 50; guard++) {
    const page = await listThreads(home, { limit, ...(cursor === undefined ? {} : { cursor }), ...extra });
    pages.push(page.threads);
    if (page.nextCursor === null) return pages;
    cursor = page.nextCursor;
  }
  throw new Error('pagination does not end');
}

describe('thread list', () => {
  it('lists newest first across days, paginates with the cursor, and ends with a null cursor', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-list-'));
    const a = await buildThread(home, at(1, 10), { prompts: ['oldest'] });
    const b = await buildThread(home, at(2, 9), { prompts: ['middle'], cwd: '/other' });
    const c = await buildThread(home, at(3, 8), { prompts: ['newest', 'second turn'] });
    // Same second as each other: the more recently modified one first.
    const d1 = await buildThread(home, at(2, 12, 30), { prompts: ['tie, modified earlier'], mtime: secs(1) });
    const d2 = await buildThread(home, at(2, 12, 30), { prompts: ['tie, modified later'], mtime: secs(2) });
    await buildThread(home, at(4, 8), {}); // nobody spoke: not listed
    await writeFile(join(sessionsDir(home), '2026', '01', '03', 'notes.txt'), 'not a rollout');

    const pages = await allPages(home, 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    const ids = pages.flat().map((t) => t.id);
    expect(ids).toEqual([c.id, d2.id, d1.id, b.id, a.id]);

    const first = pages[0]![0]!;
    expect(first).toMatchObject({ id: c.id, path: c.path, cwd: '/w', preview: 'newest', modelProvider: 'mock', source: 'exec', cliVersion: '0.98.0' });
    expect(first.createdAt).toBe(at(3, 8).toISOString());
    expect(Date.parse(first.updatedAt)).toBeGreaterThan(0);
    expect(first.forkedFromId).toBeUndefined();

    expect((await listThreads(home, { limit: 10, cwd: '/other' })).threads.map((t) => t.id)).toEqual([b.id]);
    expect((await listThreads(home, { limit: 5 })).nextCursor).toBeNull();
  });

  it('builds entries from the head only: a file with an 8 GiB tail lists fine', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-list-'));
    const small = await buildThread(home, at(5, 10), { prompts: ['small one'] });
    const huge = await buildThread(home, at(5, 11), { prompts: ['huge one'] });
    // A sparse 8 GiB tail of NUL bytes: no line ends, no valid JSON, and too large to read whole.
    const fh = await open(huge.path, 'r+');
    await fh.truncate(8 * 1024 ** 3);
    await fh.close();
    await expect(readFile(huge.path)).rejects.toThrow();

    const head = await readRolloutHead(huge.path);
    expect(head.firstUserMessage).toBe('huge one');
    expect(head.bytesRead).toBeLessThanOrEqual(1024 * 1024);

    const page = await listThreads(home, { limit: 10 });
    expect(page.threads.map((t) => [t.id, t.preview])).toEqual([
      [huge.id, 'huge one'],
      [small.id, 'small one'],
    ]);
    await rm(home, { recursive: true, force: true });
  });

  it('takes the fork’s own session_meta for a fork file and reports its parent', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-list-'));
    const parent = await buildThread(home, at(6, 10), { prompts: ['parent prompt'] });
    const child = await buildThread(home, at(6, 11), { prompts: [] });
    // A fork file: own meta (with forked_from_id), then the parent's lines.
    const own = (await readFile(child.path, 'utf8')).replace('"model_provider"', `"forked_from_id":"${parent.id}","model_provider"`);
    await writeFile(child.path, own + (await readFile(parent.path, 'utf8')));
    const [first, second] = (await listThreads(home, { limit: 10 })).threads;
    expect(first).toMatchObject({ id: child.id, forkedFromId: parent.id, preview: 'parent prompt' });
    expect(second).toMatchObject({ id: parent.id, preview: 'parent prompt' });
  });

  it('refuses a malformed cursor and a bad limit with UsageError; an empty home lists nothing', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-list-'));
    await expect(listThreads(home, { limit: 1, cursor: 'garbage' })).rejects.toBeInstanceOf(UsageError);
    await expect(listThreads(home, { limit: 0 })).rejects.toBeInstanceOf(UsageError);
    expect(await listThreads(home, { limit: 3 })).toEqual({ threads: [], nextCursor: null });
    await mkdir(join(sessionsDir(home), '2026', '13'), { recursive: true });
    expect((await listThreads(home, { limit: 3 })).threads).toEqual([]);
  });

  it('lists archived threads from archived_sessions when asked', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-list-'));
    const t = await buildThread(home, at(7, 10), { prompts: ['archived'] });
    const archived = join(home, 'archived_sessions', t.path.split('/').pop()!);
    await mkdir(join(home, 'archived_sessions'));
    await writeFile(archived, await readFile(t.path));
    await utimes(archived, secs(5), secs(5));
    const page = await listThreads(home, { limit: 5, archived: true });
    expect(page.threads.map((e) => [e.id, e.path])).toEqual([[t.id, archived]]);
  });
});
