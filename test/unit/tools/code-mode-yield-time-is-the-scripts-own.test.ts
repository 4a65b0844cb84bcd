// An exec cell's yield time is the script's: a script that yields at 50 ms and ends at 400 ms (by its
// own clock) answers the call with what it did in its first 50 ms, and leaves its end for the next
// `wait`, even when the main thread reads both at once (a loaded machine). The worker is replaced by a
// fake that sends the worker's messages, stamped with the script's clock, and this thread's timers are
// fake: nothing here waits on real time.
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeCell, type CellResponse, type CellWorker } from '../../../src/tools/code-mode/code-cell.js';

class FakeWorker extends EventEmitter {
  terminated = false;
  postMessage(): void {}
  terminate(): Promise<number> {
    this.terminated = true;
    return Promise.resolve(0);
  }
  /** A message of the script, sent at `t` ms of its clock. */
  send(kind: string, value: unknown, t: number): void {
    this.emit('message', { kind, value, t });
  }
}

function cell(): { cell: CodeCell; worker: FakeWorker } {
  const worker = new FakeWorker();
  const c = new CodeCell({
    cellId: '1',
    code: '',
    stored: {},
    tools: [],
    runTool: () => Promise.resolve(null),
    onNotify: () => undefined,
    spawn: () => worker as unknown as CellWorker,
  });
  return { cell: c, worker };
}

const text = (t: string): { type: 'input_text'; text: string } => ({ type: 'input_text', text: t });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('an exec cell’s yield time', () => {
  it('answers with what the script did before its yield time, when its end is read in the same go', async () => {
    const { cell: c, worker } = cell();
    const first = c.respond(50);
    worker.send('started', null, 0);
    worker.send('text', 'started', 1);
    // The main thread stalls: by the time it reads on, the script has ended at 400 ms.
    worker.send('text', 'finished', 400);
    worker.send('done', { stored: {} }, 400);
    expect(await first).toEqual<CellResponse>({ kind: 'yielded', cellId: '1', items: [text('started')] });
    expect(await c.respond(10_000)).toEqual<CellResponse>({ kind: 'result', cellId: '1', items: [text('finished')], stored: {}, error: undefined });
  });

  it('answers with the result when the script ends before its yield time', async () => {
    const { cell: c, worker } = cell();
    const first = c.respond(50);
    worker.send('started', null, 0);
    worker.send('text', 'quick', 3);
    worker.send('done', { stored: { n: 1 } }, 49);
    expect(await first).toEqual<CellResponse>({ kind: 'result', cellId: '1', items: [text('quick')], stored: { n: 1 }, error: undefined });
  });

  it('yields by this thread’s timer a script that sends nothing past its yield time', async () => {
    const { cell: c, worker } = cell();
    let answered: CellResponse | undefined;
    void c.respond(50).then((r) => (answered = r));
    worker.send('started', null, 0);
    worker.send('text', 'looping', 2);
    await vi.advanceTimersByTimeAsync(49);
    expect(answered).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answered).toEqual<CellResponse>({ kind: 'yielded', cellId: '1', items: [text('looping')] });
    await c.terminate();
    expect(worker.terminated).toBe(true);
  });
});
