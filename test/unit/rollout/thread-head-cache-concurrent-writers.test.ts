// Two weft processes write the home's thread head cache at the same moment, again and again, while
// this one reads it: every read sees a whole, valid cache (each write goes to a file of its own,
// then is renamed over the cache), and the file left at the end is one writer's whole cache.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadHeadCacheFile } from '../../../protocol/thread-head-cache.js';
import { HEAD_CACHE_FILE } from '../../../src/rollout/cache/head-cache.js';
import { buildThread } from '../../support/rollout-builders.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const HEAD_CACHE_MODULE = new URL('../../../src/rollout/cache/head-cache.ts', import.meta.url).href;
const LIST_MODULE = new URL('../../../src/rollout/store/list.ts', import.meta.url).href;
const ROUNDS = 40;

// Lists the home (its own cache, as a new process has), says `ready`, waits for a line on stdin,
// then adds a large entry and writes the whole cache, ROUNDS times.
const WRITER = `
const { HeadCache } = await import(${JSON.stringify(HEAD_CACHE_MODULE)});
const { listAllThreads } = await import(${JSON.stringify(LIST_MODULE)});
const [home, tag, rounds] = process.argv.slice(1);
const cache = new HeadCache(home);
await listAllThreads(home, { headCache: cache });
console.log('ready');
const { once } = await import('node:events');
await once(process.stdin, 'data');
for (let i = 0; i < Number(rounds); i++) {
  cache.putHead(home + '/sessions/gone-' + tag + '-' + i + '.jsonl', { ino: i, size: i, mtimeMs: i }, { sessionMeta: undefined, firstUserMessage: tag.repeat(20000) });
  await cache.save();
}
`;

function writer(home: string, tag: string): { child: ChildProcess; ready: Promise<unknown>; exited: Promise<unknown[]> } {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WRITER, home, tag, String(ROUNDS)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  const ready = once(createInterface({ input: child.stdout! }), 'line');
  return { child, ready, exited };
}

describe('the thread head cache written by two processes at once', () => {
  it('is whole and valid at every read, and at the end', async () => {
    const home = await tempDir('weft-head-cache-');
    const threads = [];
    for (let h = 0; h < 5; h++) threads.push(await buildThread(home, new Date(2026, 0, 1, h), { prompts: [`question ${h}`] }));
    const writers = [writer(home, 'a'), writer(home, 'b')];
    await Promise.all(writers.map((w) => w.ready));
    let running = writers.length;
    const done = Promise.all(writers.map((w) => w.exited.then((r) => ((running -= 1), r))));
    for (const w of writers) w.child.stdin!.end('go\n');

    const file = join(home, HEAD_CACHE_FILE);
    let reads = 0;
    while (running > 0) {
      const text = await readFile(file, 'utf8').catch(() => undefined);
      if (text !== undefined) {
        // Not one torn or mixed file: each read parses and passes the schema.
        const parsed = ThreadHeadCacheFile.safeParse(JSON.parse(text));
        expect(parsed.success).toBe(true);
        reads += 1;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await done).map(([code]) => code)).toEqual([0, 0]);
    expect(reads).toBeGreaterThan(0);

    const last = ThreadHeadCacheFile.parse(JSON.parse(await readFile(file, 'utf8')));
    const paths = last.entries.map((e) => e.path);
    for (const t of threads) expect(paths).toContain(t.path);
    // The last writer's whole cache: all of its own entries.
    const own = (tag: string): number => paths.filter((p) => p.includes(`/gone-${tag}-`)).length;
    expect(Math.max(own('a'), own('b'))).toBe(ROUNDS);
  });
});
