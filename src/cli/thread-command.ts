// `weft thread start|resume|fork|list|show|compact`: threads from the command line. Assistant text
// streams to stdout on a terminal; --json prints one JSON thread event per line instead. This module
// parses and lists; running a thread (thread-run-command.ts) loads with the first subcommand that
// needs the engine, so a listing starts without it.
import { configuredHome, threadStoreOf } from '../engine/configured-profile.js';
import { list } from './thread-list.js';
import { commonOptions, parseCommand, runtimeOptions, settingsOverrides, stringList, type CliIo, workingDirectory } from './cli-options.js';

const OPTIONS = {
  json: { type: 'boolean' },
  last: { type: 'boolean' },
  all: { type: 'boolean' },
  at: { type: 'string' },
  cwd: { type: 'string' },
  search: { type: 'string' },
  limit: { type: 'string' },
  cursor: { type: 'string' },
  extension: { type: 'string', multiple: true },
} as const;

const THREAD = 'A <thread> is its id, a unique start of its id, or its name.';
const RUN_OPTIONS = `${commonOptions.help}
  --json          one JSON event per line on stdout instead of the text
  --extension F   load the extension in file F (.ts or .js) for this run (repeatable)`;
const LAST = `  --last          the most recently updated thread of this directory
  --all           with --last: of any directory`;

/** Each subcommand's usage, what it does, and its options: `weft thread <sub> --help` shows one. */
const SUBCOMMANDS: Record<string, { usage: string; what: string; options: string }> = {
  start: { usage: 'weft thread start [options] "<prompt>"', what: 'Start a thread and run its first turn; the answer streams to stdout.', options: RUN_OPTIONS },
  resume: { usage: 'weft thread resume [options] (<thread> | --last [--all]) "<prompt>"', what: `Run a turn on a stored thread. ${THREAD}`, options: `${RUN_OPTIONS}\n${LAST}` },
  fork: {
    usage: 'weft thread fork [options] (<thread> | --last [--all]) [--at N] "<prompt>"',
    what: `Copy a thread into a new one and run a turn on the copy. ${THREAD}`,
    options: `${RUN_OPTIONS}\n${LAST}\n  --at N          keep only what precedes the N-th user message (0-based)`,
  },
  list: {
    usage: 'weft thread list [--cwd DIR] [--search TEXT] [--limit N] [--cursor C] [--json]',
    what: 'List stored threads, most recent first.',
    options: `  --cwd DIR       only threads started in DIR
  --search TEXT   only threads whose first message contains TEXT (any case)
  --limit N       threads per page (default 20)
  --cursor C      the page after the one that printed this cursor
  --json          the page as one JSON document`,
  },
  show: { usage: 'weft thread show <thread> [--json]', what: `Print a thread's stored history. ${THREAD}`, options: '  --json          one rollout line per line, as stored' },
  compact: { usage: 'weft thread compact <thread>', what: `Compact a thread's history now. ${THREAD}`, options: commonOptions.help },
};

const HELP = `Usage:
${Object.values(SUBCOMMANDS).map((s) => `  ${s.usage}`).join('\n')}

  weft thread export <thread> (--html | --jsonl) [-o FILE]   (see weft thread export --help)
  weft thread import FILE.jsonl…                   (see weft thread import --help)
  weft thread migrate [--to postgres://…]          (see weft thread migrate --help)

${THREAD} Run \`weft thread <sub> --help\` for one subcommand's options.

Options:
${RUN_OPTIONS}
${LAST}
  -h, --help      show this help`;

function helpFor(positionals: string[]): string {
  const sub = SUBCOMMANDS[positionals[0] ?? ''];
  if (!sub) return HELP;
  return `Usage: ${sub.usage}\n\n${sub.what}\n\nOptions:\n${sub.options}\n  -h, --help      show this help`;
}

export async function threadCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'export') return (await import('./thread-export-command.js')).threadExportCommand(argv.slice(1), io);
  if (argv[0] === 'import') return (await import('./thread-move-command.js')).threadImportCommand(argv.slice(1), io);
  if (argv[0] === 'migrate') return (await import('./thread-move-command.js')).threadMigrateCommand(argv.slice(1), io);
  const parsed = parseCommand(argv, OPTIONS, helpFor, io);
  if (parsed === undefined) return 0;
  const { values } = parsed;
  const [sub, ...args] = parsed.positionals;
  const cwd = await workingDirectory(values, io);
  // An extension may change what the engine opens with: a listing that loads one opens it whole.
  if (sub === 'list' && stringList(values.extension).length === 0) {
    const configured = await configuredHome({ ...runtimeOptions(values, io.env) });
    for (const w of configured.warnings) io.stderr(`warning: ${w}`);
    settingsOverrides(values, cwd);
    return list(threadStoreOf({ ...configured, env: io.env }), values, io);
  }
  return (await import('./thread-run-command.js')).runThreadCommand(sub, args, values, cwd, io);
}
