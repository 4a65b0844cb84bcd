import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parentTail } from '../../../src/profile/codex-0.169/fork-tail.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const T = '2026-01-01T00:00:00.000Z';
const line = (ordinal: number, type: string, payload: unknown) => JSON.stringify({ timestamp: T, ordinal, type, payload });
const context = (ordinal: number, version?: string) =>
  line(ordinal, 'turn_context', { cwd: '/r', model: 'm', ...(version ? { multi_agent_version: version } : {}) });
const filler = (from: number, count: number) => Array.from({ length: count }, (_, i) => line(from + i, 'event_msg', { type: 'agent_message', message: 'm'.repeat(200) }));

async function file(lines: readonly string[], end = '\n'): Promise<string> {
  const path = join(await tempDir(), 'parent.jsonl');
  await writeFile(path, `${lines.join('\n')}${end}`);
  return path;
}

describe('the tail of a codex-0.169 parent', () => {
  it('gives where the parent ends and the last multi-agent version, read from its last bytes only', async () => {
    const lines = [line(0, 'session_meta', { id: 'p' }), context(1, 'v1'), ...filler(2, 5000), context(5002, 'v2'), ...filler(5003, 10)];
    const path = await file(lines);
    const size = Buffer.byteLength(`${lines.join('\n')}\n`);
    // 64 KB of a ~1.2 MB file: the top is never reached, so the answer came from the tail.
    expect(await parentTail(path, 64 * 1024)).toEqual({ endOrdinal: 5013, endByteOffset: size, multiAgentVersion: 'v2' });
  });

  it('says nothing when the tail does not settle it: no turn_context near the end, a torn last line, no ordinals', async () => {
    expect(await parentTail(await file([line(0, 'session_meta', { id: 'p' }), context(1, 'v1'), ...filler(2, 5000)]), 64 * 1024)).toBeUndefined();
    expect(await parentTail(await file([line(0, 'session_meta', { id: 'p' }), context(1, 'v1'), '{"timestamp":"x","ordi'], ''))).toBeUndefined();
    expect(await parentTail(await file([JSON.stringify({ timestamp: T, type: 'session_meta', payload: { id: 'p' } })]))).toBeUndefined();
  });

  it('reaching the top without a version leaves it to the session_meta', async () => {
    expect(await parentTail(await file([line(0, 'session_meta', { id: 'p' }), context(1), ...filler(2, 3)]))).toMatchObject({ endOrdinal: 5, multiAgentVersion: undefined });
  });
});
