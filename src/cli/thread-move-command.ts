// `weft thread import FILE.jsonl…` and `weft thread migrate [--to URL]`: rollouts into the configured
// thread store, and a home's threads into a Postgres store. Both are idempotent and resumable: a
// thread already stored is skipped, one stored in part is completed, one holding other bytes refused.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { configuredHome, threadStoreOf } from '../engine/configured-profile.js';
import { UsageError } from '../errors.js';
import { moveHomeThreads } from '../rollout/move-threads.js';
import { PostgresThreadStore } from '../rollout/postgres/postgres-thread-store.js';
import { parseRolloutFileName, rolloutPath } from '../rollout/store/paths.js';
import { commonOptions, parseCommand, runtimeOptions, stringValue, type CliIo } from './cli-options.js';

const IMPORT_HELP = `Usage: weft thread import FILE.jsonl…

Stores each rollout file in this home's thread store (the home's files, or the Postgres store that
thread_store / WEFT_THREAD_STORE names), under its own name (rollout-<time>-<id>.jsonl), byte for byte.
A thread already stored is left alone; one stored in part is completed.

Options:
${commonOptions.help}
  -h, --help      show this help`;

const MIGRATE_HELP = `Usage: weft thread migrate [--to postgres://user:password@host:port/database]

Moves every thread of this home's sessions/ into a Postgres thread store (by default the one
thread_store / WEFT_THREAD_STORE names), keeping each rollout byte for byte. The files stay.
Run it again to resume: threads already moved are skipped, one cut short is completed.

Options:
${commonOptions.help}
  --to URL        the Postgres store to move the threads into
  -h, --help      show this help`;

export async function threadImportCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, {}, IMPORT_HELP, io);
  if (parsed === undefined) return 0;
  if (parsed.positionals.length === 0) throw new UsageError(`thread import needs at least one rollout file\n\n${IMPORT_HELP}`);
  const configured = await configuredHome(runtimeOptions(parsed.values, io.env));
  const store = threadStoreOf({ ...configured, env: io.env });
  try {
    for (const given of parsed.positionals) {
      const source = path.resolve(io.cwd, given);
      const name = parseRolloutFileName(path.basename(source));
      if (!name) throw new UsageError(`thread import: ${given} is not named like a rollout (rollout-<time>-<id>.jsonl)`);
      const outcome = await store.importRollout(rolloutPath(store.home, name.id, dateOfFileTs(name.fileTs)), await readFile(source));
      io.stderr(`${outcome === 'present' ? 'already stored' : outcome}: ${given}`);
    }
  } finally {
    await store.close();
  }
  return 0;
}

export async function threadMigrateCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, { to: { type: 'string' } }, MIGRATE_HELP, io);
  if (parsed === undefined) return 0;
  if (parsed.positionals.length > 0) throw new UsageError(`thread migrate takes no arguments\n\n${MIGRATE_HELP}`);
  const configured = await configuredHome(runtimeOptions(parsed.values, io.env));
  const to = stringValue(parsed.values.to);
  const target = to !== undefined ? threadStoreOf({ ...configured, env: { WEFT_THREAD_STORE: to } }) : threadStoreOf({ ...configured, env: io.env });
  if (!(target instanceof PostgresThreadStore)) throw new UsageError('thread migrate: say where to with --to postgres://… (or set thread_store to a Postgres URL)');
  try {
    io.stderr(`moving the threads of ${configured.home}/sessions into ${target.server}`);
    const summary = await moveHomeThreads(configured.home, target, (moved) => {
      if (moved.outcome === 'failed') io.stderr(`failed: ${moved.file}: ${moved.error ?? ''}`);
    });
    io.stdout(`${summary.imported} imported, ${summary.completed} completed, ${summary.present} already there, ${summary.failed} failed`);
    return summary.failed === 0 ? 0 : 1;
  } finally {
    await target.close();
  }
}

/** The creation time a rollout's name gives (`YYYY-MM-DDThh-mm-ss`, local time), as rolloutPath files it. */
function dateOfFileTs(fileTs: string): Date {
  const [y, mo, d, h, mi, s] = fileTs.split(/[-T]/).map(Number) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, s);
}
