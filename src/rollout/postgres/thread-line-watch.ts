// Following threads of a Postgres store as they grow: one LISTEN connection (opened on the first
// watch, closed with the last) on the channel every committed append NOTIFYs with its thread's key
// (thread-rows.ts), each notification handed to the watchers of that key. A payload is only a key
// compared with the keys watched: a forged one at most makes a viewer re-read a thread. If the
// connection drops, the watchers are told once (the thread may have changed meanwhile) and the
// connection is opened again on the next watch.
import type pg from 'pg';
import { errorMessage } from '../../errors.js';
import { THREAD_LINES_CHANNEL } from './thread-rows.js';

export type StopWatching = () => void;

export class ThreadLineWatch {
  readonly #watchers = new Map<string, Set<() => void>>();
  #client: Promise<pg.Client> | undefined;

  constructor(
    private readonly connect: () => Promise<pg.Client>,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** Calls `onChange` after each committed append to the thread `key`, until the returned function is called. */
  async watch(key: string, onChange: () => void): Promise<StopWatching> {
    let set = this.#watchers.get(key);
    if (!set) {
      set = new Set();
      this.#watchers.set(key, set);
    }
    const own = (): void => onChange();
    set.add(own);
    try {
      await this.#listening();
    } catch (err) {
      this.#remove(key, own);
      throw err;
    }
    return () => this.#remove(key, own);
  }

  #remove(key: string, fn: () => void): void {
    const set = this.#watchers.get(key);
    set?.delete(fn);
    if (set?.size === 0) this.#watchers.delete(key);
    if (this.#watchers.size === 0) void this.close();
  }

  #listening(): Promise<pg.Client> {
    this.#client ??= (async () => {
      const client = await this.connect();
      const lost = (why: string): void => {
        if (this.#client === undefined) return;
        this.#client = undefined;
        this.log(`thread watch: the LISTEN connection ended (${why})`);
        for (const set of this.#watchers.values()) for (const fn of set) fn();
      };
      client.on('notification', (msg) => {
        if (msg.channel !== THREAD_LINES_CHANNEL || msg.payload === undefined) return;
        for (const fn of this.#watchers.get(msg.payload) ?? []) fn();
      });
      client.on('error', (err) => lost(errorMessage(err)));
      client.on('end', () => lost('closed'));
      await client.query(`LISTEN ${THREAD_LINES_CHANNEL}`);
      return client;
    })();
    const opening = this.#client;
    opening.catch(() => {
      if (this.#client === opening) this.#client = undefined;
    });
    return opening;
  }

  async close(): Promise<void> {
    const opening = this.#client;
    this.#client = undefined;
    const client = await opening?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }
}
