// Notifications of a thread between app-servers that share one Postgres thread store. The server
// running a thread (it holds the thread's writer lease) stores each notification its turns send as
// a row — thread id, a per-thread sequence, the method and the params as JSON text — and NOTIFYs
// the relay channel with only the thread id and the newest sequence (NOTIFY payloads are small).
// A server whose clients follow that thread LISTENs, reads the rows after the last one it forwarded,
// in sequence order, and hands each to its clients as its own threads' notifications are handed:
// the same method and params, shaped for the client's protocol generation. Rows and payloads come
// from the database, where any client with access may write: both are checked (zod) and a bad one is
// logged and dropped, never forwarded. Rows stay after a missed NOTIFY (a reconnect), so a follower
// catches up from where it was.
import type pg from 'pg';
import { RelayedNotificationRow, RelayedParams, RelayNotifyPayload } from '../../../protocol/app-server/thread-event-relay.js';
import { SERVER_NOTIFICATIONS } from '../../../protocol/app-server/methods.js';
import { errorMessage } from '../../errors.js';
import { migrate } from '../../rollout/postgres/migrations.js';

export const RELAY_CHANNEL = 'weft_thread_notifications';
/** Created by the store's migration 2 (src/rollout/postgres/migrations.ts). */
const TABLE = 'weft_thread_notifications';
/** Rows a thread keeps behind its newest (followers further behind than that have lost track anyway). */
const KEEP_ROWS = 10_000;
/** Notifications a thread's turns send that are not in the protocol's shared set (one generation's). */
const GENERATION_METHODS: ReadonlySet<string> = new Set(['thread/status/changed']);

export type RelayListener = (method: string, params: Record<string, unknown>, at: number) => void;

interface Outgoing {
  queue: Array<{ method: string; params: string; at: number }>;
  running: Promise<void> | undefined;
}

interface Followed {
  last: number;
  readonly listeners: Set<RelayListener>;
  reading: Promise<void>;
}

export interface RelayOptions {
  /** For the rows (short queries). */
  readonly pool: pg.Pool;
  /** Opens the connection kept for LISTEN. */
  readonly listenClient: () => pg.Client;
  readonly log: (message: string) => void;
  /** The pool is the relay's own: ended when the relay closes. */
  readonly ownsPool?: boolean;
}

export class ThreadEventRelay {
  readonly #out = new Map<string, Outgoing>();
  readonly #followed = new Map<string, Followed>();
  #listener: pg.Client | undefined;
  #closed = false;

  private constructor(private readonly opts: RelayOptions) {}

  static async open(opts: RelayOptions): Promise<ThreadEventRelay> {
    const relay = new ThreadEventRelay(opts);
    // The table is the store's schema (migration 2): brought up to date as the store does it.
    await migrate(opts.pool);
    await relay.#listen();
    return relay;
  }

  async #listen(): Promise<void> {
    const client = this.opts.listenClient();
    client.on('notification', (msg) => {
      if (msg.channel === RELAY_CHANNEL) this.#onNotify(msg.payload);
    });
    const lost = (why: string) => {
      if (this.#listener !== client || this.#closed) return;
      this.#listener = undefined;
      this.opts.log(`thread relay: the LISTEN connection ended (${why}); reconnecting`);
      void this.#relisten(1);
    };
    client.on('error', (err) => lost(errorMessage(err)));
    client.on('end', () => lost('closed'));
    await client.connect();
    await client.query(`LISTEN ${RELAY_CHANNEL}`);
    this.#listener = client;
  }

  async #relisten(attempt: number): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#listen();
      // Notifications sent while no one listened are in the rows: read them.
      for (const id of this.#followed.keys()) this.#catchUp(id);
    } catch (err) {
      if (attempt >= 10) return this.opts.log(`thread relay: cannot LISTEN again (${errorMessage(err)}); followed threads get no more notifications`);
      setTimeout(() => void this.#relisten(attempt + 1), Math.min(5000, 100 * 2 ** attempt)).unref();
    }
  }

  /** Sends a notification of a thread this server runs to the servers following it. Never throws. */
  publish(threadId: string, method: string, params: Record<string, unknown>, at = Date.now()): void {
    if (this.#closed) return;
    let out = this.#out.get(threadId);
    if (!out) {
      out = { queue: [], running: undefined };
      this.#out.set(threadId, out);
    }
    out.queue.push({ method, params: JSON.stringify(params), at });
    out.running ??= this.#flush(threadId, out);
  }

  /** Resolves once everything published for the thread so far is committed. */
  async flushed(threadId: string): Promise<void> {
    await this.#out.get(threadId)?.running;
  }

  async #flush(threadId: string, out: Outgoing): Promise<void> {
    try {
      while (out.queue.length > 0) {
        const batch = out.queue.splice(0);
        try {
          // One statement, one transaction: the rows and the NOTIFY commit together. The sequence
          // goes on from the thread's last row (one server writes a thread at a time: the lease).
          const r = await this.opts.pool.query<{ last: string }>(
            `WITH base AS (SELECT coalesce(max(seq), 0) AS b FROM ${TABLE} WHERE thread_id = $1),
                  added AS (INSERT INTO ${TABLE} (thread_id, seq, method, params, at)
                    SELECT $1, base.b + x.n, x.m, x.p, x.a FROM base, unnest($2::text[], $3::text[], $5::bigint[]) WITH ORDINALITY AS x(m, p, a, n)
                    RETURNING seq),
                  last AS (SELECT max(seq) AS seq FROM added)
             SELECT last.seq AS last, pg_notify($4, json_build_object('thread', $1::text, 'seq', last.seq)::text) FROM last`,
            [threadId, batch.map((b) => b.method), batch.map((b) => b.params), RELAY_CHANNEL, batch.map((b) => b.at)],
          );
          const last = Number(r.rows[0]?.last ?? 0);
          if (last > KEEP_ROWS && Math.floor(last / 1000) > Math.floor((last - batch.length) / 1000)) {
            await this.opts.pool.query(`DELETE FROM ${TABLE} WHERE thread_id = $1 AND seq <= $2`, [threadId, last - KEEP_ROWS]);
          }
        } catch (err) {
          // Followers miss these; the thread's own clients and its rollout do not.
          this.opts.log(`thread relay: ${batch.length} notification(s) of thread ${threadId} not relayed: ${errorMessage(err)}`);
        }
      }
    } finally {
      out.running = undefined;
      if (out.queue.length === 0) this.#out.delete(threadId);
    }
  }

  /**
   * Forwards to `listener` every notification of `threadId` relayed from now on, in order.
   * Returns what stops it.
   */
  async follow(threadId: string, listener: RelayListener): Promise<() => void> {
    let f = this.#followed.get(threadId);
    if (!f) {
      const r = await this.opts.pool.query<{ last: string }>(`SELECT coalesce(max(seq), 0) AS last FROM ${TABLE} WHERE thread_id = $1`, [threadId]);
      f = this.#followed.get(threadId) ?? { last: Number(r.rows[0]?.last ?? 0), listeners: new Set(), reading: Promise.resolve() };
      this.#followed.set(threadId, f);
    }
    f.listeners.add(listener);
    const followed = f;
    return () => {
      followed.listeners.delete(listener);
      if (followed.listeners.size === 0 && this.#followed.get(threadId) === followed) this.#followed.delete(threadId);
    };
  }

  #onNotify(payload: string | undefined): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload ?? '');
    } catch {
      parsed = undefined;
    }
    const checked = RelayNotifyPayload.safeParse(parsed);
    if (!checked.success) {
      this.opts.log(`thread relay: ignored a NOTIFY on ${RELAY_CHANNEL} that is not a relay payload (${clip(payload ?? '')})`);
      return;
    }
    const f = this.#followed.get(checked.data.thread);
    if (f && checked.data.seq > f.last) this.#catchUp(checked.data.thread);
  }

  /** Reads and forwards the thread's rows after the last forwarded, after any read under way. */
  #catchUp(threadId: string): void {
    const f = this.#followed.get(threadId);
    if (!f) return;
    f.reading = f.reading.then(() => this.#read(threadId, f)).catch((err: unknown) => this.opts.log(`thread relay: cannot read notifications of ${threadId}: ${errorMessage(err)}`));
  }

  async #read(threadId: string, f: Followed): Promise<void> {
    for (;;) {
      const r = await this.opts.pool.query<Record<string, unknown>>(`SELECT seq, method, params, at FROM ${TABLE} WHERE thread_id = $1 AND seq > $2 ORDER BY seq LIMIT 500`, [threadId, f.last]);
      for (const row of r.rows) {
        const checked = checkedRow(threadId, row);
        if (typeof checked === 'string') this.opts.log(`thread relay: dropped a notification of thread ${threadId}: ${checked}`);
        else for (const listener of f.listeners) listener(checked.method, checked.params, checked.at);
        const seq = Number(row.seq);
        if (Number.isSafeInteger(seq) && seq > f.last) f.last = seq;
      }
      if (r.rows.length < 500) return;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.allSettled([...this.#out.values()].map((o) => o.running));
    this.#followed.clear();
    const client = this.#listener;
    this.#listener = undefined;
    await client?.end().catch(() => undefined);
    if (this.opts.ownsPool) await this.opts.pool.end().catch(() => undefined);
  }
}

/** The notification a row holds, or why it is not one this server forwards. */
export function checkedRow(threadId: string, row: unknown): { method: string; params: Record<string, unknown>; at: number } | string {
  const r = RelayedNotificationRow.safeParse(row);
  if (!r.success) return `bad row shape: ${r.error.issues[0]?.message ?? 'invalid'}`;
  let params: unknown;
  try {
    params = JSON.parse(r.data.params);
  } catch {
    return 'params are not JSON';
  }
  const p = RelayedParams.safeParse(params);
  if (!p.success) return `params of ${r.data.method} are not a notification's: ${p.error.issues[0]?.message ?? 'invalid'}`;
  if (p.data.threadId !== threadId) return `params name thread ${p.data.threadId}`;
  const method = r.data.method;
  if (Object.hasOwn(SERVER_NOTIFICATIONS, method)) {
    const schema = SERVER_NOTIFICATIONS[method as keyof typeof SERVER_NOTIFICATIONS];
    const ok = schema.safeParse(params);
    if (!ok.success) return `params of ${method} do not match its schema: ${ok.error.issues[0]?.message ?? 'invalid'}`;
  } else if (!GENERATION_METHODS.has(method)) {
    return `${method} is not a thread notification`;
  }
  // The params as the running server built them (not as parsed): the same bytes reach every client.
  return { method, params: params as Record<string, unknown>, at: r.data.at };
}

function clip(s: string): string {
  return s.length > 80 ? `${JSON.stringify(s.slice(0, 80))}…` : JSON.stringify(s);
}
