import { open, readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { lastCheckpointOffset } from '../../../src/rollout/cache/checkpoint.js';
import { readRollout } from '../../../src/rollout/format/reader.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  await removeTempDirs();
});

describe('a thread compacted three times', () => {
  it('resumes to the same history it had before the process exited, reading from the last compaction', async () => {
    h = await threadHarness((req, i) => textReply(`reply ${i}`));
    const weft = await h.open();
    const thread = await weft.startThread();
    for (let round = 0; round < 3; round++) {
      await thread.run(`question ${round}`);
      await thread.compact();
    }
    await thread.run('after the last compaction');
    const before = thread.history;
    await thread.close();

    // Spoil a line before the last compaction: a resume that starts at the checkpoint never sees it.
    const checkpoint = await lastCheckpointOffset(thread.rolloutPath);
    expect(checkpoint).toBeGreaterThan(0);
    const text = await readFile(thread.rolloutPath, 'utf8');
    const secondLine = text.indexOf('\n') + 1;
    const fh = await open(thread.rolloutPath, 'r+');
    await fh.write('#', secondLine);
    await fh.close();

    const resumed = await weft.resumeThread(thread.id);
    expect(weft.takeWarnings(resumed)).toEqual([]);
    expect(resumed.history).toEqual(before);
    await resumed.close();

    // The checkpoint found by the search from the end, and the one met reading from the top (when
    // the search does not reach it), start the records at the same line, with no warning either way.
    const warnings: string[] = [];
    const onWarning = (w: string) => warnings.push(w);
    const fromEnd = await readRollout(thread.rolloutPath, { fromLastCheckpoint: true, onWarning });
    const fromTop = await readRollout(thread.rolloutPath, { fromLastCheckpoint: true, checkpointSearchBytes: 1, onWarning });
    expect(fromTop.map((r) => [r.offset, r.line])).toEqual(fromEnd.map((r) => [r.offset, r.line]));
    expect(fromEnd[0]?.offset).toBe(checkpoint);
    expect(warnings).toEqual([]);
  });
});
