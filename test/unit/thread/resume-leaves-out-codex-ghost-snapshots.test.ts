// Codex 0.98 records undo snapshots (`ghost_snapshot` response items) in rollouts, also inside a
// compaction's replacement history, and never sends them to the model. A rollout holding them reads
// without warnings and rebuilds the same history as one without them.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { historyFromRollout } from '../../../src/thread/history-from-rollout.js';
import { readRollout } from '../../../src/rollout/format/reader.js';
import { recordedRollout } from '../../support/recorded-rollouts.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const GHOST = {
  type: 'ghost_snapshot',
  ghost_commit: { id: 'a'.repeat(40), parent: 'b'.repeat(40), preexisting_untracked_files: [], preexisting_untracked_dirs: [] },
};
const ghostLine = JSON.stringify({ timestamp: '2026-01-01T00:00:00.000Z', type: 'response_item', payload: GHOST });

async function rebuilt(lines: readonly string[]): Promise<{ history: unknown[]; warnings: string[] }> {
  const path = join(await tempDir(), 'rollout.jsonl');
  await writeFile(path, `${lines.join('\n')}\n`);
  const warnings: string[] = [];
  const records = await readRollout(path, { onWarning: (w) => warnings.push(w) });
  const { history } = historyFromRollout(records, path, () => true);
  return { history: JSON.parse(JSON.stringify(history)) as unknown[], warnings };
}

describe('ghost snapshots in a Codex rollout', () => {
  const lines = recordedRollout('codex-0.98/scenarios/resume/rollouts/1.jsonl').text.trimEnd().split('\n');

  it('are read without a warning and left out of the history', async () => {
    const plain = await rebuilt(lines);
    expect(plain.history.length).toBeGreaterThan(3);
    // One after the session_meta line, one in the middle, one at the end.
    const withGhosts = [lines[0]!, ghostLine, ...lines.slice(1, 4), ghostLine, ...lines.slice(4), ghostLine];
    const ghosted = await rebuilt(withGhosts);
    expect(ghosted.warnings).toEqual([]);
    expect(ghosted.history).toEqual(plain.history);
  });

  it('inside a compaction replacement history, are left out of the history it restores', async () => {
    const kept = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'kept' }] };
    const compacted = (history: unknown[]) =>
      JSON.stringify({ timestamp: '2026-01-01T00:00:00.000Z', type: 'compacted', payload: { message: 'summary', replacement_history: history } });
    const ghosted = await rebuilt([...lines, compacted([kept, GHOST])]);
    expect(ghosted.warnings).toEqual([]);
    expect(ghosted.history).toEqual([kept]);
  });

  it('an item of a type no schema knows (a newer Codex) is kept like them: no warning, not in the history', async () => {
    const unknown = { type: 'no_such_item', text: 'x' };
    const line = JSON.stringify({ timestamp: '2026-01-01T00:00:00.000Z', type: 'response_item', payload: unknown });
    const compacted = JSON.stringify({ timestamp: '2026-01-01T00:00:00.000Z', type: 'compacted', payload: { message: 's', replacement_history: [unknown] } });
    const plain = await rebuilt(lines);
    const withUnknown = await rebuilt([...lines, line]);
    expect(withUnknown.warnings).toEqual([]);
    expect(withUnknown.history).toEqual(plain.history);
    expect((await rebuilt([...lines, compacted])).history).toEqual([]);
  });
});
