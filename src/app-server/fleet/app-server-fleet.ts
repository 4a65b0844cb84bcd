// What one app-server process shares with the other app-servers of its thread store: for a Postgres
// store, the relay of thread notifications (one LISTEN connection for the process, whatever the
// number of its clients); for the home's files, nothing (one machine, one process per thread).
import { errorMessage } from '../../errors.js';
import { PostgresThreadStore } from '../../rollout/postgres/postgres-thread-store.js';
import type { ThreadStore } from '../../rollout/thread-store.js';
import { ThreadEventRelay } from './thread-event-relay.js';

export class AppServerFleet {
  readonly #relays = new Map<string, Promise<ThreadEventRelay>>();

  constructor(private readonly log: (message: string) => void) {}

  /** The relay of the store's database; undefined for a store no other server shares. */
  async relayFor(store: ThreadStore): Promise<ThreadEventRelay | undefined> {
    if (!(store instanceof PostgresThreadStore)) return undefined;
    let relay = this.#relays.get(store.server);
    if (!relay) {
      // A pool of its own: the store's belongs to the runtime that opened it, which may close first.
      relay = store.pool().then(async (storePool) => {
        // pg loads only for a shared store: an app-server on the home's files never pays for it.
        const { default: pg } = await import('pg');
        const pool = new pg.Pool({ ...storePool.options, max: 4, application_name: `weft relay ${process.pid}` });
        pool.on('error', (err) => this.log(`thread relay: ${errorMessage(err)}`));
        try {
          return await ThreadEventRelay.open({ pool, listenClient: () => new pg.Client({ ...storePool.options, application_name: `weft relay ${process.pid}` }), log: this.log, ownsPool: true });
        } catch (err) {
          await pool.end().catch(() => undefined);
          throw err;
        }
      });
      this.#relays.set(store.server, relay);
      relay.catch((err: unknown) => {
        this.log(`thread relay: cannot open (${errorMessage(err)}); threads run on other servers cannot be followed from here`);
        this.#relays.delete(store.server);
      });
    }
    return relay.catch(() => undefined);
  }

  async close(): Promise<void> {
    const all = [...this.#relays.values()];
    this.#relays.clear();
    await Promise.allSettled(all.map((r) => r.then((relay) => relay.close())));
  }
}
