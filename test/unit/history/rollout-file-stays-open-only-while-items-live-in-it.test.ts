import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rawJsonOf } from '../../../src/history/raw-json.js';
import { readRollout, responseItemOf } from '../../../src/rollout/format/reader.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

/** How many descriptors of this process point at `path` (Linux). */
const openOn = (path: string): number => readdirSync('/proc/self/fd').filter((fd) => {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`) === path;
  } catch {
    return false;
  }
}).length;

const META = '{"timestamp":"2026-01-01T00:00:00.000Z","type":"session_meta","payload":{"id":"0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/repo","originator":"t","cli_version":"0.98.0","source":"exec"}}';
const ITEM = `{"timestamp":"2026-01-01T00:00:01.000Z","type":"response_item","payload":${JSON.stringify({ type: 'function_call_output', call_id: 'c', output: 'o'.repeat(900) })}}`;

describe.skipIf(!existsSync('/proc/self/fd'))('the rollout file behind resumed items', () => {
  it('is closed when the read is done, unless items are backed by it', async () => {
    const path = join(await tempDir(), 'rollout.jsonl');
    await writeFile(path, `${META}\n${ITEM}\n`);

    const memory = await readRollout(path, { itemBytes: 'memory' });
    expect(Buffer.isBuffer(rawJsonOf(responseItemOf(memory[1]!)))).toBe(true);
    expect(openOn(path)).toBe(0);

    const inFile = await readRollout(path, { itemBytes: 'file' });
    expect(openOn(path)).toBe(1);
    expect(responseItemOf(inFile[1]!)).toMatchObject({ output: 'o'.repeat(900) });

    const metaOnly = join(await tempDir(), 'meta.jsonl');
    await writeFile(metaOnly, `${META}\n`);
    await readRollout(metaOnly, { itemBytes: 'file' });
    expect(openOn(metaOnly)).toBe(0);
  });
});
