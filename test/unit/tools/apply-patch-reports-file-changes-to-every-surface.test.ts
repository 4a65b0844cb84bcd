import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TurnNotifier } from '../../../src/app-server/turn-notifier.js';
import { progressLine } from '../../../src/cli/progress.js';
import { ExecEventMapper } from '../../../src/exec-stream/exec-events.js';
import { applyPatchTool } from '../../../src/tools/apply-patch/apply-patch-tool.js';
import type { PatchEvent } from '../../../src/tools/apply-patch/run-patch.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';
import { applyPatch, patchContext, patchOf } from '../../support/patch-harness.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

/** The thread events the engine emits for these patch events (see Weft's tool context). */
const asThreadEvents = (events: PatchEvent[]): ThreadEvent[] =>
  events.map((ev) =>
    ev.type === 'begin'
      ? { type: 'file_change_started', callId: ev.callId, changes: ev.changes }
      : { type: 'file_change_finished', callId: ev.callId, changes: ev.changes, status: ev.status },
  );

describe('apply_patch file-change events', () => {
  it('reports begin and end with each change, the text before and after', async () => {
    const dir = await tempDir();
    await writeTree(dir, { 'f.txt': 'a\nb\n' });
    const events: PatchEvent[] = [];
    await applyPatch(patchOf('*** Update File: f.txt', '@@', '-a', '+A'), patchContext(dir, { events }));
    const change = { path: path.join(dir, 'f.txt'), kind: 'update', movePath: undefined, before: 'a\nb\n', after: 'A\nb\n' };
    expect(events.map((e) => e.type)).toEqual(['begin', 'end']);
    expect(events[0]).toEqual({ type: 'begin', callId: 'call_patch', changes: [change] });
    expect(events[1]).toMatchObject({ type: 'end', status: 'completed', changes: [change] });
  });

  it('becomes exec --json file_change items: completed only (0.98), started and completed (0.169)', async () => {
    const dir = await tempDir();
    const events: PatchEvent[] = [];
    await applyPatch(patchOf('*** Add File: n.txt', '+n'), patchContext(dir, { events }));
    const item = { id: 'item_0', type: 'file_change', changes: [{ path: path.join(dir, 'n.txt'), kind: 'add' }] };
    const old = new ExecEventMapper();
    expect(asThreadEvents(events).flatMap((e) => old.map(e))).toEqual([{ type: 'item.completed', item: { ...item, status: 'completed' } }]);
    const now = new ExecEventMapper({ fileChangeStarted: true });
    expect(asThreadEvents(events).flatMap((e) => now.map(e))).toEqual([
      { type: 'item.started', item: { ...item, status: 'in_progress' } },
      { type: 'item.completed', item: { ...item, status: 'completed' } },
    ]);
  });

  it('becomes app-server fileChange items and an aggregated turn/diff/updated', async () => {
    const dir = await tempDir();
    await writeTree(dir, { 'f.txt': 'a\nb\nc\n' });
    const events: PatchEvent[] = [];
    const ctx = patchContext(dir, { events });
    await applyPatch(patchOf('*** Update File: f.txt', '@@', '-a', '+A'), ctx);
    await applyPatchTool(
      { name: 'apply_patch', arguments: JSON.stringify({ input: patchOf('*** Update File: f.txt', '@@', '-c', '+C') }), callId: 'call_2', signal: new AbortController().signal },
      ctx,
    );
    const sent: Array<{ method: string; params: Record<string, unknown> }> = [];
    const notifier = new TurnNotifier((method, params) => sent.push({ method, params: params as Record<string, unknown> }), 'thr', 'turn');
    for (const e of asThreadEvents(events)) notifier.on(e);
    expect(sent.map((s) => s.method)).toEqual(['item/started', 'item/completed', 'turn/diff/updated', 'item/started', 'item/completed', 'turn/diff/updated']);
    expect(sent[1]?.params.item).toEqual({
      type: 'fileChange',
      id: 'call_patch',
      changes: [{ path: path.join(dir, 'f.txt'), kind: { type: 'update', move_path: null }, diff: '@@ -1,2 +1,2 @@\n-a\n+A\n b\n' }],
      status: 'completed',
    });
    const diff = sent[5]?.params.diff as string;
    expect(diff).toMatch(/^diff --git a\/.*f\.txt b\/.*f\.txt\n/);
    // The turn's diff runs from the file before the turn's first change to now: both edits, one file.
    expect(diff).toContain('-a\n+A\n');
    expect(diff).toContain('-c\n+C\n');
  });

  it('shows the changed files on a terminal', async () => {
    const dir = await tempDir();
    await writeTree(dir, { 'old.txt': 'o\n' });
    const events: PatchEvent[] = [];
    await applyPatch(patchOf('*** Add File: n.txt', '+n', '*** Delete File: old.txt'), patchContext(dir, { events }));
    const lines = asThreadEvents(events).map(progressLine).filter((l) => l !== undefined);
    expect(lines).toEqual([`apply_patch:\n  A ${path.join(dir, 'n.txt')}\n  D ${path.join(dir, 'old.txt')}`]);
  });
});
