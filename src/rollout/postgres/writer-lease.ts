// Who may write a Postgres thread: a lease taken before a thread is read for writing and released
// when its writer closes. The store takes it through this port, so a lease held across hosts (an
// advisory lock on the server, held by the connection of the process serving the thread) plugs in
// without the store changing. The default lease guards one process: two writers of one thread in
// this process are refused, as the files store refuses them.
import os from 'node:os';
import { RolloutBusyError, type RolloutLock } from '../store/lock.js';

export interface WriterLease {
  /** Takes the lease of thread `key` (its rollout path `file`), or throws RolloutBusyError. */
  acquire(key: string, file: string): Promise<RolloutLock>;
  /** Lets go of what the lease holds (its connections); leases still held end with it. */
  close(): Promise<void>;
}

/** One process's leases: a set of the keys its writers hold. */
export class ProcessWriterLease implements WriterLease {
  readonly #held = new Map<string, string>();

  async acquire(key: string, file: string): Promise<RolloutLock> {
    const since = this.#held.get(key);
    if (since !== undefined) throw new RolloutBusyError(file, { pid: process.pid, host: os.hostname(), since }, `postgres:${key}`);
    this.#held.set(key, new Date().toISOString());
    let released = false;
    return {
      lockPath: `postgres:${key}`,
      release: async () => {
        if (released) return;
        released = true;
        this.#held.delete(key);
      },
    };
  }

  async close(): Promise<void> {
    this.#held.clear();
  }
}
