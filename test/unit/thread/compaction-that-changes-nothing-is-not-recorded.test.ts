// A compaction with nothing to compact leaves the thread alone: no model request, no `compacted`
// line, no compaction event — for a thread nobody spoke in yet and for one compacted again with no
// turn since. A thread with a turn since its last compaction is compacted as before. Both profiles.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await removeTempDirs();
});

const compactedLines = async (path: string): Promise<number> =>
  (await readFile(path, 'utf8')).split('\n').filter((l) => l.includes('"type":"compacted"')).length;

describe.each(['codex-0.169', 'codex-0.98'])('compaction that changes nothing (%s)', (compat) => {
  it('is skipped on a thread nobody spoke in and when nothing happened since the last compaction', async () => {
    h = await threadHarness((_req, i) => textReply(`reply ${i}`), `compat = "${compat}"\nmodel = "gpt-5.5"`);
    const weft = await h.open();
    const thread = await weft.startThread();
    const events: ThreadEvent[] = [];
    const onEvent = (e: ThreadEvent) => events.push(e);

    await thread.compact({ onEvent });
    expect(h.mock.requests).toHaveLength(0);
    expect(events.filter((e) => e.type.startsWith('compaction'))).toEqual([]);

    await thread.run('question one');
    await thread.compact({ onEvent });
    const requestsAfterFirst = h.mock.requests.length;
    expect(events.map((e) => e.type).filter((t) => t.startsWith('compaction'))).toEqual(['compaction_started', 'compaction_finished']);
    expect(await compactedLines(thread.rolloutPath)).toBe(1);
    const history = thread.history;
    const rollout = await readFile(thread.rolloutPath, 'utf8');

    await thread.compact({ onEvent });
    expect(h.mock.requests).toHaveLength(requestsAfterFirst);
    expect(events.filter((e) => e.type.startsWith('compaction'))).toHaveLength(2);
    expect(await readFile(thread.rolloutPath, 'utf8')).toBe(rollout);
    expect(thread.history).toEqual(history);

    // A turn since: compacted again.
    await thread.run('question two');
    await thread.compact({ onEvent });
    expect(await compactedLines(thread.rolloutPath)).toBe(2);
    await thread.close();
  });
});
