// A throwaway PostgreSQL for tests: a cluster started from the installed server binaries in a temp
// directory, on a private port (127.0.0.1) and a private unix-socket directory, run by an unprivileged
// user (as root: through `runuser -u weft-ci`, or `nobody` when that user is missing). One cluster per
// test file, a fresh database per test (`freshDatabase`). `WEFT_TEST_POSTGRES_URL` points the tests at
// an existing server instead: nothing is started, and each test still gets its own fresh database.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdtemp, readdir, rm, writeFile, access } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PostgresCluster {
  /** A URL to the cluster's maintenance database (`postgres`), password included. */
  readonly url: string;
  /** Creates an empty database for one test and returns its URL. */
  freshDatabase(): Promise<string>;
  /** Stops the cluster and removes its directory (nothing for an existing server). */
  stop(): Promise<void>;
}

/** The directory holding initdb and pg_ctl: the newest /usr/lib/postgresql/<version>/bin, or undefined. */
export async function postgresBinDir(): Promise<string | undefined> {
  const root = '/usr/lib/postgresql';
  const versions = await readdir(root).catch(() => [] as string[]);
  const sorted = versions.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  for (const version of sorted) {
    const dir = path.join(root, version, 'bin');
    const ok = await access(path.join(dir, 'initdb')).then(() => true, () => false);
    if (ok) return dir;
  }
  return undefined;
}

/** Whether a cluster can be had here: an existing server named, or the server binaries installed. */
export async function postgresAvailable(): Promise<boolean> {
  return process.env.WEFT_TEST_POSTGRES_URL !== undefined || (await postgresBinDir()) !== undefined;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const existing = process.env.WEFT_TEST_POSTGRES_URL;
  if (existing) return { url: existing, freshDatabase: () => createDatabase(existing), stop: async () => {} };
  const bin = await postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql/*/bin: install the postgresql package or set WEFT_TEST_POSTGRES_URL');
  const runAs = await unprivilegedUser();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'weft-pg-'));
  const data = path.join(dir, 'data');
  const password = randomBytes(12).toString('hex');
  const pwfile = path.join(dir, 'pwfile');
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    await chown(dir, runAs.uid, runAs.gid);
    await chown(pwfile, runAs.uid, runAs.gid);
  }
  const exec = (file: string, args: string[]) => (runAs ? run('runuser', ['-u', runAs.name, '--', file, ...args]) : run(file, args));
  await exec(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'scram-sha-256', `--pwfile=${pwfile}`, '--no-locale', '-E', 'UTF8', '-N']);
  await rm(pwfile, { force: true });
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c shared_buffers=16MB',
    '-c max_connections=60',
  ].join(' ');
  const pgCtl = path.join(bin, 'pg_ctl');
  try {
    await exec(pgCtl, ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return {
    url,
    freshDatabase: () => createDatabase(url),
    stop: async () => {
      await exec(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** CREATE DATABASE with a random name on the server of `url`; returns the URL naming it. */
async function createDatabase(url: string): Promise<string> {
  const name = `weft_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}

/** As root, the user that runs the server (PostgreSQL refuses root); otherwise undefined (run as oneself). */
async function unprivilegedUser(): Promise<{ name: string; uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['weft-ci', 'nobody']) {
    const ids = await run('id', ['-u', name]).then(
      async (uid) => ({ uid: Number(uid.stdout.trim()), gid: Number((await run('id', ['-g', name])).stdout.trim()) }),
      () => undefined,
    );
    if (ids) return { name, ...ids };
  }
  throw new Error('running as root and neither weft-ci nor nobody exists to run PostgreSQL');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
