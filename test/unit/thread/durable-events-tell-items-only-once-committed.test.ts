// A thread's events on a writer whose sink groups commits: an event telling of an item waits for the
// commit of the lines written before it, the events behind it keep their order, events that tell of
// no item pass straight through when nothing waits, and after a failed commit the items it held are
// never told while the turn's failure still is. On a sink without commits everything is synchronous.
import { describe, expect, it } from 'vitest';
import { RolloutWriter, type RolloutSink } from '../../../src/rollout/format/writer.js';
import { DurableEvents } from '../../../src/thread/durable-events.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';

const LOCK = { lockPath: '', release: async () => undefined };
const item = (text: string): ThreadEvent => ({ type: 'model_item', item: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] } as never });
const delta = (d: string): ThreadEvent => ({ type: 'text_delta', itemId: null, delta: d });

/** A sink that holds lines until commit; `commits` lists what each commit made durable. */
function groupingSink(fail = false) {
  const held: string[] = [];
  const commits: string[][] = [];
  let durable = 0;
  const sink: RolloutSink = {
    write: async (buf, offset, length) => {
      held.push(buf.subarray(offset, offset + length).toString('utf8'));
      return { bytesWritten: length };
    },
    commit: async () => {
      if (held.length === 0) return;
      if (fail) throw new Error('another writer appended');
      commits.push(held.splice(0));
      durable = commits.flat().length;
    },
    close: async () => undefined,
  };
  return { sink, commits, durable: () => durable };
}

const line = (n: number) => ({ timestamp: '2026-01-01T00:00:00.000Z', type: 'event_msg', payload: { type: 'agent_message', message: `m${n}` } }) as never;

describe('DurableEvents', () => {
  it('delays an item event until its lines are committed, keeping the order of what follows', async () => {
    const { sink, commits, durable } = groupingSink();
    const writer = await RolloutWriter.withSink('/t.jsonl', sink, LOCK);
    const told: Array<{ what: string; durable: number }> = [];
    const events = new DurableEvents(() => writer, (e) => told.push({ what: e.type === 'model_item' ? 'item' : e.type === 'text_delta' ? e.delta : e.type, durable: durable() }));
    events.emit(delta('a'));
    expect(told).toEqual([{ what: 'a', durable: 0 }]);
    await writer.append(line(1));
    await writer.append(line(2));
    events.emit(delta('b'));
    expect(told.map((t) => t.what)).toEqual(['a', 'b']);
    events.emit(item('x'));
    events.emit(delta('c'));
    // Nothing told yet past the item: it waits for the commit, and the delta behind it waits too.
    expect(told.map((t) => t.what)).toEqual(['a', 'b']);
    await events.drained();
    expect(told).toEqual([
      { what: 'a', durable: 0 },
      { what: 'b', durable: 0 },
      { what: 'item', durable: 2 },
      { what: 'c', durable: 2 },
    ]);
    expect(commits).toHaveLength(1);
    // Nothing held: an item event goes straight through, with no commit.
    events.emit(item('y'));
    expect(told).toHaveLength(5);
    expect(commits).toHaveLength(1);
  });

  it('never tells of items whose commit failed, but still tells that the turn failed', async () => {
    const { sink } = groupingSink(true);
    const writer = await RolloutWriter.withSink('/t.jsonl', sink, LOCK);
    const told: string[] = [];
    const events = new DurableEvents(() => writer, (e) => told.push(e.type));
    await writer.append(line(1));
    events.emit(item('lost'));
    events.emit({ type: 'turn_failed', turnId: 't', message: 'another writer appended' });
    await events.drained();
    expect(told).toEqual(['turn_failed']);
    await expect(writer.append(line(2))).rejects.toThrow(/unusable after an earlier write error/);
  });

  it('is synchronous on a sink that commits nothing itself (files, memory)', async () => {
    const writer = await RolloutWriter.withSink('/t.jsonl', { write: async (_b, _o, length) => ({ bytesWritten: length }), close: async () => undefined }, LOCK);
    const told: string[] = [];
    const events = new DurableEvents(() => writer, (e) => told.push(e.type));
    await writer.append(line(1));
    expect(writer.uncommitted).toBe(false);
    events.emit(item('now'));
    expect(told).toEqual(['model_item']);
  });
});
