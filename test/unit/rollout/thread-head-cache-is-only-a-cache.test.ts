// The thread head cache kept in the home (`cache/weft/thread-heads.json`) is only a cache: a new
// process lists from it exactly what reading every rollout gives; an entry is used only while its
// rollout keeps the inode, size and mtime it was read at; a rollout that is gone leaves it; and a
// cache file that is corrupt, of another format or unreadable is ignored silently and rewritten.
// `new HeadCache(home)` stands for a new process: it knows only what the file holds.
import { appendFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { THREAD_HEAD_CACHE_FORMAT, ThreadHeadCacheFile } from '../../../protocol/thread-head-cache.js';
import { HEAD_CACHE_FILE, HeadCache } from '../../../src/rollout/cache/head-cache.js';
import { listAllThreads, listThreads } from '../../../src/rollout/store/list.js';
import { rolloutPath } from '../../../src/rollout/store/paths.js';
import { newThreadId } from '../../../src/rollout/store/thread-id.js';
import { threadNameEvent } from '../../../src/rollout/store/thread-name.js';
import { conformanceDir } from '../../support/recorded-rollouts.js';
import { buildThread, userTurn } from '../../support/rollout-builders.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const at = (d: number, h: number): Date => new Date(2026, 0, d, h);
const lines = (ls: readonly unknown[]): string => ls.map((l) => `${JSON.stringify({ timestamp: '2026-01-05T00:00:00.000Z', ...(l as object) })}\n`).join('');

/** A home of weft-built threads and every recorded rollout of both Codex generations (forks, names, 0.169 turns). */
async function homeOfThreads(): Promise<string> {
  const home = await tempDir('weft-head-cache-');
  await buildThread(home, at(1, 9), { prompts: ['first question', 'second question'], cwd: '/a' });
  await buildThread(home, at(1, 10), { prompts: ['another'], cwd: '/b' });
  await buildThread(home, at(2, 8)); // nobody spoke: never listed
  const root = conformanceDir();
  let n = 0;
  for (const generation of ['codex-0.98', 'codex-0.169']) {
    const scenarios = join(root, generation, 'scenarios');
    for (const s of (await readdir(scenarios)).sort()) {
      const dir = join(scenarios, s, 'rollouts');
      const files = await readdir(dir).catch(() => []);
      for (const f of files.filter((x) => x.endsWith('.jsonl')).sort()) {
        const text = (await readFile(join(dir, f), 'utf8')).replace(/\{\{[A-Z0-9_]+\}\}/g, (m) => (m.includes('THREAD_ID') ? newThreadId() : 'x'));
        const file = rolloutPath(home, newThreadId(), new Date(2026, 0, 3, 0, 0, n++));
        await mkdir(join(file, '..'), { recursive: true });
        await writeFile(file, text);
      }
    }
  }
  return home;
}

async function everyListing(home: string, cache: HeadCache): Promise<unknown> {
  return {
    page: await listThreads(home, { limit: 500, headCache: cache }),
    filtered: await listThreads(home, { limit: 500, cwd: '/a', search: 'SECOND', headCache: cache }),
    all: await listAllThreads(home, { withScan: true, headCache: cache }),
  };
}

async function cacheFile(home: string): Promise<ThreadHeadCacheFile> {
  return ThreadHeadCacheFile.parse(JSON.parse(await readFile(join(home, HEAD_CACHE_FILE), 'utf8')));
}

describe('the thread head cache in the home', () => {
  it('lets a new process list without reading a single head, and the listing is the same as without it', async () => {
    const home = await homeOfThreads();
    const first = new HeadCache(home);
    const read = await everyListing(home, first);
    expect(first.counts.reused).toBeGreaterThan(0); // the second and third listings, from memory
    const stored = await cacheFile(home);
    expect(stored.format).toBe(THREAD_HEAD_CACHE_FORMAT);
    // No base instructions in it: it holds only what a listing shows.
    expect(JSON.stringify(stored)).not.toContain('base_instructions');

    const later = new HeadCache(home);
    const cached = await everyListing(home, later);
    expect(later.counts.read).toBe(0);
    expect(cached).toEqual(read);
    // And without any cache file at all, the same again.
    await rm(join(home, 'cache'), { recursive: true });
    const none = new HeadCache(home);
    expect(await everyListing(home, none)).toEqual(read);
    expect(none.counts.reused).toBeGreaterThan(0);
    expect((await listAllThreads(home, { withScan: true, headCache: none })).some((t) => (t.scan?.turns ?? 0) > 1)).toBe(true);
  });

  it('reads a rollout again once it was appended to, and uses the entries of the others as they are', async () => {
    const home = await tempDir('weft-head-cache-');
    const kept = await buildThread(home, at(1, 9), { prompts: ['kept question'] });
    const grown = await buildThread(home, at(1, 10), { prompts: ['grown question'] });
    const silent = await buildThread(home, at(1, 11));
    await listAllThreads(home, { withScan: true, headCache: new HeadCache(home) });

    // An entry is trusted while its file is unchanged: one edited in the cache shows as edited.
    const stored = await cacheFile(home);
    const edited = stored.entries.map((e) => (e.path === kept.path ? { ...e, firstUserMessage: 'from the cache' } : e));
    await writeFile(join(home, HEAD_CACHE_FILE), JSON.stringify({ ...stored, entries: edited }));

    // Another tool appends to two rollouts: a second turn and a name, a first turn to the silent one.
    await appendFile(grown.path, lines([...userTurn('more'), threadNameEvent(grown.id, 'renamed')]));
    await appendFile(silent.path, lines(userTurn('at last')));

    const later = new HeadCache(home);
    const all = await listAllThreads(home, { withScan: true, headCache: later });
    expect(all.map((t) => [t.entry.id, t.entry.preview, t.scan])).toEqual([
      [silent.id, 'at last', { turns: 1, name: null }],
      [grown.id, 'grown question', { turns: 2, name: 'renamed' }],
      [kept.id, 'from the cache', { turns: 1, name: null }],
    ]);
    expect(later.counts).toEqual({ reused: 1, read: 2 });
    // The rewritten cache holds the new facts.
    const grownEntry = (await cacheFile(home)).entries.find((e) => e.path === grown.path);
    expect(grownEntry?.scan).toEqual({ turns: 2, name: 'renamed' });
  });

  it('drops the entries of rollouts a whole listing no longer finds, and keeps them after a partial one', async () => {
    const home = await tempDir('weft-head-cache-');
    const old = await buildThread(home, at(1, 9), { prompts: ['old'] });
    const gone = await buildThread(home, at(2, 9), { prompts: ['gone'] });
    const newest = await buildThread(home, at(3, 9), { prompts: ['newest'] });
    await listAllThreads(home, { headCache: new HeadCache(home) });
    expect((await cacheFile(home)).entries).toHaveLength(3);

    await rm(gone.path);
    // A first page stops before the older days: it cannot tell what is gone there.
    await listThreads(home, { limit: 1, headCache: new HeadCache(home) });
    expect((await cacheFile(home)).entries).toHaveLength(3);
    await listThreads(home, { limit: 10, headCache: new HeadCache(home) });
    expect((await cacheFile(home)).entries.map((e) => e.path).sort()).toEqual([old.path, newest.path].sort());
  });

  // Each starts from a valid cache whose entries were edited to say "from the cache": were any of
  // them used, the listing would show it.
  it.each([
    ['text that is not JSON', (valid: string) => `${valid.slice(0, 40)}\u0000${valid.slice(40)}`],
    ['a torn file', (valid: string) => valid.slice(0, valid.length - 10)],
    ['another format', (valid: string) => valid.replace(THREAD_HEAD_CACHE_FORMAT, 'weft-thread-heads/0')],
    ['an entry of the wrong shape', (valid: string) => valid.replace('"firstUserMessage":"from the cache"', '"firstUserMessage":7')],
  ])('ignores a cache file holding %s, says nothing, and rewrites it', async (_what, spoil) => {
    const home = await tempDir('weft-head-cache-');
    await buildThread(home, at(1, 9), { prompts: ['one'] });
    await buildThread(home, at(1, 10), { prompts: ['two'] });
    const expected = await listThreads(home, { limit: 10, headCache: new HeadCache(home) });
    const stored = await cacheFile(home);
    const edited = JSON.stringify({ ...stored, entries: stored.entries.map((e) => ({ ...e, firstUserMessage: 'from the cache' })) });
    expect((await listThreads(home, { limit: 10, headCache: new HeadCache(home) })).threads.map((t) => t.preview)).toEqual(['two', 'one']);
    await writeFile(join(home, HEAD_CACHE_FILE), edited);
    expect((await listThreads(home, { limit: 10, headCache: new HeadCache(home) })).threads.map((t) => t.preview)).toEqual(['from the cache', 'from the cache']);
    await writeFile(join(home, HEAD_CACHE_FILE), spoil(edited));

    const warnings: string[] = [];
    const cache = new HeadCache(home);
    expect(await listThreads(home, { limit: 10, headCache: cache, onWarning: (w) => warnings.push(w) })).toEqual(expected);
    expect(warnings).toEqual([]);
    expect(cache.counts.read).toBe(2);
    expect((await cacheFile(home)).entries.map((e) => e.firstUserMessage).sort()).toEqual(['one', 'two']);
  });

  it('lists as usual when the cache cannot be read or written at all', async () => {
    const home = await tempDir('weft-head-cache-');
    await buildThread(home, at(1, 9), { prompts: ['one'] });
    // A directory where the file belongs: reading fails, and so does renaming over it.
    await mkdir(join(home, HEAD_CACHE_FILE), { recursive: true });
    const warnings: string[] = [];
    const page = await listThreads(home, { limit: 10, headCache: new HeadCache(home), onWarning: (w) => warnings.push(w) });
    expect(page.threads.map((t) => t.preview)).toEqual(['one']);
    expect(warnings).toEqual([]);
    // No temporary file is left behind.
    expect(await readdir(join(home, 'cache', 'weft'))).toEqual(['thread-heads.json']);
  });
});
