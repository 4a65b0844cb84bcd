import { describe, expect, it } from 'vitest';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertThreadId, isThreadId, newThreadId } from '../../../src/rollout/store/thread-id.js';
import { findRolloutPath, rolloutPath } from '../../../src/rollout/store/paths.js';
import { UsageError } from '../../../src/errors.js';

const BAD = [
  '../../etc',
  '../../etc/passwd',
  'a/b',
  '0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a/../../x',
  '../0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a',
  '0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a\0',
  '0194f0c2\\7a3e-7c4d-9b1a-2f3e4d5c6b7a',
  '',
  '*',
  '0194f0c27a3e7c4d9b1a2f3e4d5c6b7a',
];

describe('thread ids', () => {
  it('refuses ids that could escape or alter a path, with a UsageError', () => {
    for (const id of BAD) {
      expect(isThreadId(id)).toBe(false);
      expect(() => assertThreadId(id)).toThrow(UsageError);
    }
    expect(() => assertThreadId(undefined)).toThrow(UsageError);
  });

  it('refuses before any path is built or any directory touched', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-id-'));
    for (const id of BAD) {
      expect(() => rolloutPath(home, id)).toThrow(UsageError);
      await expect(findRolloutPath(home, id)).rejects.toBeInstanceOf(UsageError);
    }
    expect(await readdir(home)).toEqual([]);
  });

  it('makes UUID v7 ids carrying the creation time, and accepts them', () => {
    const now = Date.UTC(2026, 0, 2, 3, 4, 5, 6);
    const id = newThreadId(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
    expect(assertThreadId(id)).toBe(id);
    expect(newThreadId()).not.toBe(newThreadId());
  });

  it('normalizes an uppercase id to the lowercase form used in file names', () => {
    expect(assertThreadId('0194F0C2-7A3E-7C4D-9B1A-2F3E4D5C6B7A')).toBe('0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a');
    const p = rolloutPath('/h', '0194F0C2-7A3E-7C4D-9B1A-2F3E4D5C6B7A', new Date(2026, 0, 2, 3, 4, 5));
    expect(p).toBe('/h/sessions/2026/01/02/rollout-2026-01-02T03-04-05-0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a.jsonl');
  });
});
