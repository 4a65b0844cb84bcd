// The Postgres store's connection: the URL checked, its password kept out of every message, and a
// pool opened on first use (node-postgres is loaded only then, so a files-only run never loads it).
import type { Pool, PoolClient } from 'pg';
import { RolloutError, errorMessage } from '../../errors.js';

/** The Postgres store cannot be reached or used; the message names the server, never the password. */
export class ThreadStoreUnavailableError extends RolloutError {
  constructor(
    readonly server: string,
    why: string,
    options?: { cause?: unknown },
  ) {
    super(`the Postgres thread store at ${server} cannot be used: ${why}`, undefined, options);
  }
}

/** `postgres://user@host:port/db`: the URL without its password (and without query parameters). */
export function redactedServer(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'postgres://(an unparsable URL)';
  }
}

/** Checks a `postgres://` URL; a ThreadStoreUnavailableError says what is wrong with it. */
export function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ThreadStoreUnavailableError(redactedServer(url), 'the URL is not valid: write it as postgres://user:password@host:port/database');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new ThreadStoreUnavailableError(redactedServer(url), `the URL's scheme is ${parsed.protocol} where postgres: is needed`);
  }
  if (parsed.hostname === '' && !parsed.searchParams.has('host')) {
    throw new ThreadStoreUnavailableError(redactedServer(url), 'the URL names no host');
  }
  return url;
}

/** The words for a connection failure, without the password (node-postgres messages can quote the URL). */
export function connectionProblem(err: unknown, server: string): ThreadStoreUnavailableError {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  const why =
    code === 'ECONNREFUSED'
      ? 'nothing listens there (is the server running, and is the port right?)'
      : code === 'ENOTFOUND'
        ? 'the host name does not resolve'
        : code === '28P01' || code === '28000'
          ? 'the server refused the user or password'
          : code === '3D000'
            ? 'the database does not exist (create it first)'
            : errorMessage(err);
  return new ThreadStoreUnavailableError(server, why, { cause: err });
}

/**
 * The store's session settings. A page read by a random access costs 1.1 sequential ones, not the
 * default 4 (a figure for spinning disks; the listing rows are small and kept in memory): the planner
 * then reads a whole listing in order from its index instead of reading the table and sorting 10,000
 * rows of about 500 bytes (a third less server time; lists by cwd and searches gain too,
 * docs/performance.md). A sort that is still needed stays in memory instead of spilling to disk at
 * the default 4 MB of work_mem. PGOPTIONS, then an `options` parameter of the URL, still win.
 */
function sessionOptions(): string {
  return ['-c work_mem=16MB -c random_page_cost=1.1', process.env.PGOPTIONS].filter((o) => o !== undefined && o !== '').join(' ');
}

/** A pool on `url`, its first connection tried so a bad URL or an unreachable server fails here. */
export async function openPool(url: string): Promise<Pool> {
  const server = redactedServer(url);
  const { default: pg } = await import('pg');
  // allowExitOnIdle: a CLI command ends when its work does, without closing the store.
  const pool = new pg.Pool({ connectionString: checkedUrl(url), max: 8, connectionTimeoutMillis: 10_000, allowExitOnIdle: true, options: sessionOptions() });
  // An idle client's error (the server restarted) is reported on its next use; the pool must not throw it.
  pool.on('error', () => undefined);
  let client: PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw connectionProblem(err, server);
  }
  client.release();
  return pool;
}
