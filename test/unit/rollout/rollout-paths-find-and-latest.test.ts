import { describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { findRolloutPath, latestRollout, parseRolloutFileName, rolloutPath } from '../../../src/rollout/store/paths.js';
import { newThreadId } from '../../../src/rollout/store/thread-id.js';
import { buildThread } from '../../support/rollout-builders.js';

const at = (d: number, h: number) => new Date(2026, 2, d, h, 0, 0);
const mtime = (n: number) => new Date(Date.UTC(2026, 5, 1) + n * 1000);

describe('rollout paths', () => {
  it('names files from local time like Codex: sessions/YYYY/MM/DD/rollout-YYYY-MM-DDThh-mm-ss-<id>.jsonl', () => {
    const id = newThreadId();
    const p = rolloutPath('/home/u/.codex', id, new Date(2026, 11, 31, 23, 59, 58));
    expect(p).toBe(`/home/u/.codex/sessions/2026/12/31/rollout-2026-12-31T23-59-58-${id}.jsonl`);
    expect(parseRolloutFileName(basename(p))).toEqual({ fileTs: '2026-12-31T23-59-58', id });
    expect(parseRolloutFileName('rollout-2026-12-31T23-59-58-nope.jsonl')).toBeUndefined();
  });

  it('finds a thread by id in sessions/ and in archived_sessions/, and reports a missing one', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-paths-'));
    const a = await buildThread(home, at(1, 9), { prompts: ['a'] });
    const b = await buildThread(home, at(2, 9), { prompts: ['b'] });
    await mkdir(join(home, 'archived_sessions'));
    const archived = join(home, 'archived_sessions', basename(b.path));
    await rename(b.path, archived);
    expect(await findRolloutPath(home, a.id)).toBe(a.path);
    expect(await findRolloutPath(home, a.id.toUpperCase())).toBe(a.path);
    expect(await findRolloutPath(home, b.id)).toBe(archived);
    expect(await findRolloutPath(home, newThreadId())).toBeUndefined();
  });

  it('resume --last picks the most recently modified thread that has a user message, optionally in a cwd', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-paths-'));
    expect(await latestRollout(home)).toBeUndefined();
    const oldButTouched = await buildThread(home, at(1, 9), { prompts: ['old'], cwd: '/p1', mtime: mtime(30) });
    await buildThread(home, at(5, 9), { prompts: ['new'], cwd: '/p2', mtime: mtime(20) });
    await buildThread(home, at(6, 9), { prompts: [], cwd: '/p1', mtime: mtime(40) }); // no user message
    const inP2 = await buildThread(home, at(3, 9), { prompts: ['p2'], cwd: '/p2', mtime: mtime(25) });

    const last = await latestRollout(home);
    expect(last?.path).toBe(oldButTouched.path);
    expect(last?.sessionMeta.cwd).toBe('/p1');
    expect((await latestRollout(home, { cwd: '/p2' }))?.id).toBe(inP2.id);
    expect(await latestRollout(home, { cwd: '/nowhere' })).toBeUndefined();
  });
});
