// On a Postgres thread store a turn's lines are committed in groups, not one transaction per line:
// the writer holds them until something is told to a client (an item, the turn's end) or the model
// is about to be waited on. Pinned with a wrapper that sees every append statement: a text turn and
// a turn with a tool call each take a few commits for many more lines, every line is committed by
// the turn's end, the export is the rollout's bytes, and each item event reaches the listener only
// once the line recording that item is committed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { functionCallReply, textReply } from '../../../../scripts/mock-responses-server.js';
import { PostgresThreadStore } from '../../../../src/rollout/postgres/postgres-thread-store.js';
import type { ThreadEvent } from '../../../../src/thread/thread-events.js';
import { startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster.js';
import { removeTempDirs } from '../../../support/temp-tree.js';
import { threadHarness } from '../../../support/thread-harness.js';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await removeTempDirs();
});

/** Every committed append of the pool: the lines (as text) of each. */
function watchAppends(pool: Pool): string[][] {
  const commits: string[][] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    const result = await query(...args);
    const [text, values] = args as [unknown, unknown[] | undefined];
    if (typeof text === 'string' && text.includes('INSERT INTO weft_rollout_lines') && values) commits.push((values[2] as Buffer[]).map((b) => b.toString('utf8')));
    return result;
  };
  return commits;
}

describe('a turn on the Postgres store', () => {
  it('commits its lines in a few groups, each item told only once its line is committed', async () => {
    const harness = await threadHarness((_req, i) => (i === 0 ? functionCallReply('exec_command', { cmd: 'echo grouped' }, 'call_1') : textReply(`answer ${i}`)), 'approval_policy = "never"\nsandbox_mode = "danger-full-access"');
    try {
      const url = await cluster.freshDatabase();
      const weft = await harness.open({ env: { PATH: process.env.PATH, HOME: harness.home, WEFT_HOME: harness.home, SHELL: '/bin/bash', WEFT_THREAD_STORE: url } });
      const store = weft.store as PostgresThreadStore;
      const commits = watchAppends(await store.pool());
      const thread = await weft.startThread();
      expect(commits.flat()).toHaveLength(1);

      const told: Array<{ event: ThreadEvent; committed: string }> = [];
      const runTurn = async (text: string) => {
        const before = commits.length;
        const outcome = await thread.run(text, { onEvent: (event) => told.push({ event, committed: commits.flat().join('') }) });
        expect(outcome.status).toBe('completed');
        return commits.slice(before);
      };
      // One tool call, then the answer: two requests.
      const first = await runTurn('run it');
      // Then a plain text turn.
      const second = await runTurn('again');

      const lines = (c: string[][]) => c.flat().length;
      expect(lines(first)).toBeGreaterThanOrEqual(12);
      expect(lines(second)).toBeGreaterThanOrEqual(8);
      // Per turn: the user's input (its item told), the context before each request, each model item
      // told, the tool's output, the turn's end. Far fewer than one per line.
      expect(first.length).toBeLessThanOrEqual(8);
      expect(second.length).toBeLessThanOrEqual(4);
      expect(first.length * 2).toBeLessThan(lines(first));
      expect(second.length * 2).toBeLessThan(lines(second));

      // Every item told was committed first: its response_item line is in what was committed then.
      const items = told.filter((t) => t.event.type === 'model_item' || t.event.type === 'tool_output');
      expect(items.length).toBeGreaterThanOrEqual(4);
      for (const { event, committed } of items) {
        const item = (event as { item: { type: string; call_id?: string; content?: Array<{ text?: string }> } }).item;
        const mark = item.call_id !== undefined ? `"call_id":"${item.call_id}"` : `"text":"${item.content?.[0]?.text ?? ''}"`;
        expect(committed).toContain(`"type":"${item.type}"`);
        expect(committed).toContain(mark);
      }
      const ends = told.filter((t) => t.event.type === 'turn_completed');
      expect(ends).toHaveLength(2);
      for (const { committed } of ends) expect(committed).toMatch(/"type":"task_complete"[^\n]*\n$/);

      // Nothing is held after the turn: the export is every committed line, in order.
      const chunks: Buffer[] = [];
      for await (const chunk of store.exportRollout(thread.rolloutPath)) chunks.push(chunk);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(commits.flat().join(''));
      await thread.close();
      await store.close();
    } finally {
      await harness.close();
    }
  }, 120_000);
});
