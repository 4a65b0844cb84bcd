// Two threads of one process (an app-server runs many) each stream a long answer and write it to their
// rollouts, their steps interleaved: B's answer has arrived when A's turn ends and A's writer flushes.
// Each thread's long strings belong to that thread alone: A's flush leaves B's cache whole, so B still
// copies its answer from the bytes that arrived, and each rollout is byte for byte what the same turn
// writes when it runs alone.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientEvent, ClientEventBatch } from '../../../src/client/client-events.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import { LONG_STRING, LongStringCache } from '../../../src/bytes/long-string-cache.js';
import { RolloutWriter } from '../../../src/rollout/format/writer.js';
import { serveFixedSse, type FixedSseServer } from '../../../scripts/bench/fixed-sse-server.js';
import { minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';
import { deltaLiteralsOf, replyWithDeltaLiterals } from '../../support/streamed-reply.js';

const servers: FixedSseServer[] = [];
let dir: string | undefined;

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** One thread's turn: its answer streamed, then written as a 0.169 turn writes it (three times). */
class ThreadTurn {
  readonly #events: AsyncGenerator<ClientEventBatch, void, undefined>;
  #answer = '';

  private constructor(
    url: string,
    private readonly writer: RolloutWriter,
    readonly longStrings: LongStringCache,
  ) {
    this.#events = streamResponse({ provider: mockProvider(url), body: minimalBody(), env: mockEnv, longStrings: this.longStrings });
  }

  /** A turn with its own cache, handed to its stream and its writer as the engine hands a thread's. */
  static async start(name: string, text: string, file: string, longStrings = new LongStringCache()): Promise<ThreadTurn> {
    const server = await serveFixedSse(replyWithDeltaLiterals(deltaLiteralsOf(text, 997), text));
    servers.push(server);
    const meta = { timestamp: '2026-01-01T00:00:00.000Z', type: 'session_meta' as const, payload: { id: name } };
    return new ThreadTurn(server.url, await RolloutWriter.create(file, meta, { longStrings }), longStrings);
  }

  /** Reads the answer's events until `until` says stop (or the stream ends). */
  async read(until: (event: ClientEvent) => boolean = () => false): Promise<void> {
    for (;;) {
      const next = await this.#events.next();
      if (next.done) return;
      for (const event of next.value) {
        if (event.type === 'item_done' && event.item.type === 'message') {
          const part = event.item.content[0];
          this.#answer = part && 'text' in part ? part.text : '';
        }
      }
      if (next.value.some(until)) return;
    }
  }

  /** Writes the answer's lines and closes; gives how many of them copied the bytes that arrived. */
  async writeAndFlush(): Promise<number> {
    const before = this.longStrings.reusedCount;
    const at = (s: number) => `2026-01-01T00:00:0${s}.000Z`;
    await this.writer.append([
      { timestamp: at(1), type: 'event_msg', payload: { type: 'agent_message', message: this.#answer } },
      { timestamp: at(2), type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: this.#answer }] } },
      { timestamp: at(3), type: 'event_msg', payload: { type: 'task_complete', last_agent_message: this.#answer } },
    ]);
    await this.writer.close();
    return this.longStrings.reusedCount - before;
  }
}

describe('long strings stay with their thread', () => {
  // Two answers long enough to take the long-string path, with escapes and non-ASCII text.
  const answerA = 'A line of "thread A" é\n'.repeat(Math.ceil((LONG_STRING * 3) / 22));
  const answerB = 'B:\ttab \\ backslash 😀\n'.repeat(Math.ceil((LONG_STRING * 3) / 22));

  it('a thread whose neighbour flushes mid-turn still copies its answer’s bytes, and both rollouts equal their runs alone', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'weft-long-strings-'));
    const file = (name: string) => path.join(dir as string, `${name}.jsonl`);

    // Each turn alone.
    for (const [name, text] of [['alone-a', answerA], ['alone-b', answerB]] as const) {
      const turn = await ThreadTurn.start(name.slice(-1), text, file(name));
      await turn.read();
      expect(await turn.writeAndFlush(), `${name} copies the bytes that arrived`).toBe(3);
    }

    // Interleaved: B's answer is in when A's whole turn runs, writes and flushes.
    const a = await ThreadTurn.start('a', answerA, file('a'));
    const b = await ThreadTurn.start('b', answerB, file('b'));
    await b.read((event) => event.type === 'item_done');
    await a.read();
    const copiedByA = await a.writeAndFlush();
    await b.read();
    const copiedByB = await b.writeAndFlush();

    expect(copiedByA).toBe(3);
    expect(copiedByB, 'A’s flush left B’s long strings in place').toBe(3);
    expect(await readFile(file('a'))).toEqual(await readFile(file('alone-a')));
    expect(await readFile(file('b'))).toEqual(await readFile(file('alone-b')));
  });
});
