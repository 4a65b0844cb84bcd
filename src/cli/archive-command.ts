// `archive`, `unarchive` and `delete`: Codex's commands for a saved session, named by its id (or a
// unique start of it) or its name. Each prints Codex's one-line confirmation on stdout; `delete`
// removes the rollout and its index entries for good, so without a terminal to confirm on it wants
// `--force`, as Codex does.
import path from 'node:path';
import { resolveWeftHome } from '../config/weft-home.js';
import { UsageError } from '../errors.js';
import { archiveRollout, isArchivedPath, unarchiveRollout } from '../rollout/store/archive.js';
import { deleteStoredThread } from '../rollout/store/delete-thread.js';
import { locateThread } from '../rollout/store/lookup.js';
import { parseCommand, stringValue, type CliIo } from './cli-options.js';

type Action = 'archive' | 'unarchive' | 'delete';

const WHAT: Record<Action, string> = {
  archive: 'Move a saved session into archived_sessions/ (listings and --last no longer see it).',
  unarchive: 'Move an archived session back under sessions/.',
  delete: 'Remove a saved session (its rollout and index entries) for good. Needs --force without a terminal.',
};

const DONE: Record<Action, string> = { archive: 'Archived', unarchive: 'Unarchived', delete: 'Deleted' };

async function sessionAction(action: Action, argv: string[], io: CliIo): Promise<number> {
  const help = `Usage: weft ${action} [options] <session>\n\n${WHAT[action]} A <session> is its id, a unique start of its id, or its name.\n\nOptions:\n${action === 'delete' ? '  --force                  delete without asking\n' : ''}  -h, --help               show this help`;
  const parsed = parseCommand(argv, action === 'delete' ? { force: { type: 'boolean' } } : {}, help, io);
  if (parsed === undefined) return 0;
  const [ref, ...extra] = parsed.positionals;
  if (ref === undefined) throw new UsageError(`${action} needs a session id or name`);
  if (extra.length > 0) throw new UsageError(`${action} takes one session, got ${parsed.positionals.length}`);
  if (action === 'delete' && parsed.values.force !== true) {
    throw new UsageError('delete removes the session for good: confirm with --force (and give the session id)');
  }
  const home = resolveWeftHome(io.env, stringValue(parsed.values.home) ?? stringValue(parsed.values['codex-home']));
  const file = await locateThread(home, ref);
  const id = idOf(file);
  const archived = isArchivedPath(home, file);
  if (action === 'archive') {
    if (archived) throw new UsageError(`session ${id} is already archived`);
    await archiveRollout(home, file);
  } else if (action === 'unarchive') {
    if (!archived) throw new UsageError(`session ${id} is not archived`);
    await unarchiveRollout(home, file);
  } else {
    await deleteStoredThread(home, id, file, (m) => io.stderr(`warning: ${m}`));
  }
  io.stdout(`${DONE[action]} session ${id}.`);
  return 0;
}

/** The thread id at the end of a rollout's file name (`rollout-<time>-<id>.jsonl`). */
function idOf(file: string): string {
  const m = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i.exec(path.basename(file));
  return (m?.[1] ?? path.basename(file, '.jsonl')).toLowerCase();
}

export const archiveCommand = (argv: string[], io: CliIo) => sessionAction('archive', argv, io);
export const unarchiveCommand = (argv: string[], io: CliIo) => sessionAction('unarchive', argv, io);
export const deleteCommand = (argv: string[], io: CliIo) => sessionAction('delete', argv, io);
