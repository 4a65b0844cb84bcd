// One writer per Postgres thread across processes and hosts: the lease is a session-level advisory
// lock (pg_try_advisory_lock) on a 64-bit key derived from the thread id, taken on a connection this
// process keeps for its leases alone (never a pooled one, which would carry the lock to whoever
// borrows it next). PostgreSQL drops a session's advisory locks when the session ends, so a process
// that is killed, or whose connection dies, lets go of its threads at once: another server takes
// them on its next try. A lease lost that way is told to its holder (`lost`), which must stop
// writing the thread (its writer refuses appends from then on).
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { RolloutError, errorMessage } from '../../errors.js';
import { RolloutBusyError, type RolloutLock } from '../store/lock.js';
import { parseRolloutFileName } from '../store/paths.js';
import type { WriterLease } from './writer-lease.js';

/** The advisory lock key of a thread: the first 8 bytes of a SHA-256 of the id, as a signed bigint. */
export function advisoryKeyOf(threadId: string): bigint {
  return createHash('sha256').update(`weft thread writer\0${threadId}`).digest().readBigInt64BE(0);
}

/** Another process (on this host or another) writes this thread now. */
export class ThreadWrittenElsewhereError extends RolloutError {
  constructor(
    readonly threadId: string,
    /** The holder as its lease connection names itself (`weft <pid>@<host>`), when the server tells. */
    readonly holder: string | undefined,
  ) {
    super(
      `thread ${threadId} is being written by another process${holder ? ` (${holder})` : ''}; ` +
        'run its turns through the server that has it open, or wait until that server unloads it',
    );
  }
}

/** The lease connection died while the thread was held: another process may be writing it now. */
export class ThreadLeaseLostError extends RolloutError {
  constructor(readonly threadId: string, reason: string) {
    super(`the writer lease of thread ${threadId} was lost (${reason}); reopen the thread to write it again`);
  }
}

/** A held lease: a rollout lock whose `lost` aborts if the lease is lost before it is released. */
export interface LeaseLock extends RolloutLock {
  readonly threadId: string;
  readonly lost: AbortSignal;
}

interface Held {
  readonly key: bigint;
  readonly since: string;
  readonly lost: AbortController;
}

/** This process's writer leases, on one dedicated connection opened on first use. */
export class AdvisoryWriterLease implements WriterLease {
  #client: Promise<pg.Client> | undefined;
  readonly #held = new Map<string, Held>();
  /** Acquisitions under way (the connection stays while any is). */
  #pending = 0;
  /** The connection's queries, one after another (node-postgres wants no overlapping queries). */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #name = `weft ${process.pid}@${hostname()}`.slice(0, 63);

  constructor(private readonly config: pg.ClientConfig) {}

  /** Threads this process holds now. */
  get held(): readonly string[] {
    return [...this.#held.keys()];
  }

  #connection(): Promise<pg.Client> {
    this.#client ??= (async () => {
      // pg loads only when a lease is taken: a turn on the home's files never pays for it.
      const { default: postgres } = await import('pg');
      const client = new postgres.Client({ ...this.config, application_name: this.#name, keepAlive: true });
      const dead = (reason: string) => this.#lost(client, reason);
      client.on('error', (err) => dead(errorMessage(err)));
      client.on('end', () => dead('connection closed'));
      try {
        await client.connect();
      } catch (err) {
        this.#client = undefined;
        throw new RolloutError(`cannot open the writer-lease connection to PostgreSQL: ${errorMessage(err)}`, undefined, { cause: err });
      }
      return client;
    })();
    return this.#client;
  }

  /** The connection is gone: every lease on it is lost (the server has already let go of them). */
  #lost(client: pg.Client, reason: string): void {
    void this.#client?.then((current) => {
      if (current !== client) return;
      this.#client = undefined;
      const held = [...this.#held];
      this.#held.clear();
      for (const [threadId, h] of held) h.lost.abort(new ThreadLeaseLostError(threadId, reason));
    }, () => undefined);
  }

  /**
   * Takes the lease of the thread whose rollout is `file` (`key`: the store's name for it, used when
   * the file name carries no id).
   * @throws RolloutBusyError when this process holds it; ThreadWrittenElsewhereError when another does.
   */
  async acquire(key: string, file: string): Promise<LeaseLock> {
    const threadId = parseRolloutFileName(path.basename(file))?.id ?? key;
    const mine = this.#held.get(threadId);
    // Session-level advisory locks nest within a session: this process checks its own first.
    if (mine) throw new RolloutBusyError(file, { pid: process.pid, host: hostname(), since: mine.since }, `postgres-advisory:${mine.key}`);
    const lockKey = advisoryKeyOf(threadId);
    this.#pending++;
    let client: pg.Client;
    try {
      client = await this.#connection();
      const taken = await this.#query<{ ok: boolean }>(client, 'SELECT pg_try_advisory_lock($1::bigint) AS ok', [lockKey.toString()]).catch((err: unknown) => {
        throw new RolloutError(`cannot take the writer lease of thread ${threadId}: ${errorMessage(err)}`, file, { cause: err });
      });
      if (taken.rows[0]?.ok !== true) throw new ThreadWrittenElsewhereError(threadId, await this.#holderOf(client, lockKey));
    } catch (err) {
      this.#pending--;
      await this.#closeIfIdle();
      throw err;
    }
    this.#pending--;
    const held: Held = { key: lockKey, since: new Date().toISOString(), lost: new AbortController() };
    this.#held.set(threadId, held);
    let released = false;
    return {
      threadId,
      lockPath: `postgres-advisory:${lockKey}`,
      lost: held.lost.signal,
      release: async () => {
        if (released) return;
        released = true;
        if (this.#held.get(threadId) !== held) return;
        this.#held.delete(threadId);
        // A dead connection has already let go; a live one unlocks.
        await this.#query(client, 'SELECT pg_advisory_unlock($1::bigint)', [lockKey.toString()]).catch(() => undefined);
        await this.#closeIfIdle();
      },
    };
  }

  /** The application name of the session holding `key` (hidden from roles that may not see it). */
  async #holderOf(client: pg.Client, key: bigint): Promise<string | undefined> {
    const high = Number(BigInt.asUintN(64, key) >> 32n);
    const low = Number(BigInt.asUintN(64, key) & 0xffffffffn);
    const r = await this
      .#query<{ name: string | null }>(
        client,
        `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1::bigint::oid AND l.objid = $2::bigint::oid AND l.objsubid = 1
          LIMIT 1`,
        [high, low],
      )
      .catch(() => undefined);
    const name = r?.rows[0]?.name;
    return name ? name : undefined;
  }

  #query<R extends pg.QueryResultRow>(client: pg.Client, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    const run = this.#queue.then(() => client.query<R>(text, values));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** With no lease held nor being taken, the connection goes (a command that is done can exit). */
  async #closeIfIdle(): Promise<void> {
    if (this.#held.size > 0 || this.#pending > 0 || !this.#client) return;
    await this.close();
  }

  /** Releases every lease and closes the connection. */
  async close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    this.#held.clear();
    if (client) await client.then((c) => c.end(), () => undefined).catch(() => undefined);
  }
}
