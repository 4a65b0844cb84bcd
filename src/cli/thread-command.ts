// `weft thread start|resume|fork|list|show|compact`: threads from the command line. Assistant text
// streams to stdout on a terminal; --json prints one JSON thread event per line instead.
import { Weft } from '../engine/weft.js';
import { UsageError } from '../errors.js';
import path from 'node:path';
import { noSessionMetaError } from '../thread/history-from-rollout.js';
import { firstLineProblem } from '../rollout/prefix.js';
import { historyItemOf } from '../rollout/reader.js';
import { shellQuote } from './shell-quote.js';
import { promptWithStdin } from './stdin-prompt.js';
import type { ThreadEvent } from '../thread/thread-events.js';
import type { Thread } from '../thread/thread.js';
import { ttyApprover } from '../tools/approval.js';
import { sandboxNotice } from '../tools/sandbox-notice.js';
import { sandboxModeFor, type SettingsOverrides } from '../config/resolve-settings.js';
import { interruptOnSignals } from './interrupt-signals.js';
import { StreamPrinter } from './stream-printer.js';
import { commonOptions, parseCommand, runtimeOptions, settingsOverrides, stringList, stringValue, type CliIo, type ParsedValues, workingDirectory } from './cli-options.js';
import { loadExtension } from '../extensions/load-extension.js';

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

  weft thread export <thread> --html [-o FILE]   (see weft thread export --help)

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
  const parsed = parseCommand(argv, OPTIONS, helpFor, io);
  if (parsed === undefined) return 0;
  const { values } = parsed;
  const [sub, ...args] = parsed.positionals;
  const cwd = await workingDirectory(values, io);
  const approver = io.isTty ? ttyApprover(process.stdin, process.stderr) : undefined;
  const weft = await Weft.open({ ...runtimeOptions(values, io.env), cwd, originator: 'weft', source: 'cli', ...(approver ? { approver } : {}) });
  for (const w of weft.runtime.warnings) io.stderr(`warning: ${w}`);
  for (const file of stringList(values.extension)) weft.use(await loadExtension(file, io.cwd, '--extension'));
  const overrides = settingsOverrides(values, cwd);
  switch (sub) {
    case 'start':
      {
      const text = await prompt(args, io);
      return runOn(await weft.startThread({ cwd, overrides }), text, values, io, weft, overrides);
    }
    case 'resume': {
      const ref = threadRef(values, args, 'thread resume');
      const text = await prompt(args, io);
      return runOn(await weft.resumeThread(ref, { overrides, ...lastScope(values, cwd) }), text, values, io, weft, overrides);
    }
    case 'fork': {
      const ref = threadRef(values, args, 'thread fork');
      const at = stringValue(values.at) === undefined ? undefined : wholeNumber(stringValue(values.at) as string, '--at', 0);
      const text = await prompt(args, io);
      const thread = await weft.forkThread(ref, { overrides, ...lastScope(values, cwd), ...(at !== undefined ? { at } : {}) });
      return runOn(thread, text, values, io, weft, overrides);
    }
    case 'list':
      return list(weft, values, io);
    case 'show':
      return show(weft, args[0], values, io);
    case 'compact': {
      const ref = args[0];
      if (!ref) throw new UsageError('thread compact needs a thread id');
      const thread = await weft.resumeThread(ref, { overrides });
      let compacted = false;
      await thread.compact({
        onEvent: (e) => {
          if (e.type === 'compaction_finished') compacted = true;
          report(e, values, io);
        },
      });
      await thread.close();
      // A compaction with nothing to compact records nothing; say so rather than stay silent.
      if (!compacted) io.stderr('nothing to compact: no turn since the thread started or since its last compaction; the thread is unchanged');
      return 0;
    }
    default:
      throw new UsageError(sub === undefined ? 'a thread command is needed: start, resume, fork, list, show or compact' : `unknown thread command \`${sub}\``);
  }
}

async function runOn(thread: Thread, text: string, values: ParsedValues, io: CliIo, weft: Weft, overrides: SettingsOverrides): Promise<number> {
  for (const w of weft.takeWarnings(thread)) io.stderr(`warning: ${w}`);
  const notice = await sandboxNotice(sandboxModeFor(weft.runtime.config, overrides), weft.runtime.profile.commandSandbox, weft.runtime.env);
  if (notice) io.stderr(`warning: ${notice}`);
  const printer = values.json ? undefined : new StreamPrinter(io);
  const report = (e: ThreadEvent): void => (printer ? printer.print(e) : io.stdout(JSON.stringify(e)));
  report({ type: 'thread_started', threadId: thread.id, rolloutPath: thread.rolloutPath });
  const stop = interruptOnSignals();
  try {
    let turnStarted = false;
    const onEvent = (e: ThreadEvent): void => {
      if (e.type === 'turn_started') turnStarted = true;
      report(e);
    };
    const outcome = await thread.run(text, { signal: stop.signal, onEvent });
    printer?.endLine();
    // An extension command answered the input itself: no turn ran, so nothing has shown the reply.
    if (!turnStarted && outcome.status === 'completed' && outcome.lastMessage !== undefined) {
      report({ type: 'turn_completed', turnId: outcome.turnId, usage: null, lastMessage: outcome.lastMessage });
      if (printer) io.stdout(outcome.lastMessage);
    }
    if (outcome.status === 'completed') return 0;
    return outcome.status === 'interrupted' ? (stop.exitCode() ?? 130) : 1;
  } finally {
    stop.dispose();
    await thread.close();
  }
}

function report(event: ThreadEvent, values: ParsedValues, io: CliIo): void {
  if (values.json) io.stdout(JSON.stringify(event));
  else new StreamPrinter(io).print(event);
}

async function list(weft: Weft, values: ParsedValues, io: CliIo): Promise<number> {
  const limit = stringValue(values.limit) === undefined ? 20 : wholeNumber(stringValue(values.limit) as string, '--limit', 1);
  const onWarning = (w: string): void => io.stderr(`warning: ${w}`);
  const filters = {
    ...(stringValue(values.cwd) !== undefined ? { cwd: path.resolve(io.cwd, stringValue(values.cwd) as string) } : {}),
    ...(stringValue(values.search) !== undefined ? { search: stringValue(values.search) as string } : {}),
  };
  const cursor = stringValue(values.cursor);
  const page = await weft.store.list({ limit, onWarning, ...filters, ...(cursor ? { cursor } : {}) });
  if (values.json) {
    io.stdout(JSON.stringify(page));
    return 0;
  }
  if (page.threads.length === 0) io.stderr(cursor ? 'no more threads' : 'no threads');
  for (const t of page.threads) io.stdout(`${t.id}  ${t.updatedAt}  ${t.cwd}  ${oneLine(t.preview)}`);
  if (page.nextCursor) {
    const again = ['weft', 'thread', 'list', '--limit', String(limit)];
    if (filters.cwd !== undefined) again.push('--cwd', filters.cwd);
    if (filters.search !== undefined) again.push('--search', filters.search);
    again.push('--cursor', page.nextCursor);
    io.stderr(`more: ${again.map(shellQuote).join(' ')}`);
  }
  return 0;
}

/** The thread a resume or fork names: `--last`, else the first argument (id, id prefix or name). */
function threadRef(values: ParsedValues, args: string[], command: string): string {
  if (values.last) return 'last';
  const ref = args.shift();
  if (!ref) throw new UsageError(`${command} needs a thread (id, id prefix or name) or --last`);
  return ref;
}

/** `--last` picks the newest thread of the working directory, as Codex does; `--all` of any directory. */
function lastScope(values: ParsedValues, cwd: string): { cwd?: string } {
  return values.last && !values.all ? { cwd } : {};
}

async function show(weft: Weft, ref: string | undefined, values: ParsedValues, io: CliIo): Promise<number> {
  if (!ref) throw new UsageError('thread show needs a thread id');
  const file = await weft.locate(ref);
  const records = await weft.store.read(file, { onWarning: (w) => io.stderr(`warning: ${w}`) });
  // A file without its session_meta is no thread: say so, and fail.
  if (records[0]?.line.type !== 'session_meta') throw noSessionMetaError(file, await firstLineProblem(file));
  for (const record of records) {
    const { line } = record;
    if (values.json) {
      io.stdout(JSON.stringify(line));
      continue;
    }
    if (line.type === 'compacted') io.stdout(`── compacted ──\n${oneLine(line.payload.message)}`);
    const item = line.type === 'response_item' ? historyItemOf(record, file) : undefined;
    if (item?.type === 'message') {
      io.stdout(`[${item.role}] ${oneLine(item.content.map((c) => (c.type === 'input_image' ? '' : c.text)).join(''))}`);
    } else if (item?.type === 'function_call') {
      io.stdout(`[call] ${item.name} ${item.arguments}`);
    }
  }
  return 0;
}

/** The prompt: the arguments, `-` for stdin, with piped stdin appended (see stdin-prompt.ts). */
async function prompt(args: string[], io: CliIo): Promise<string> {
  const given = args.join(' ').trim();
  const text = await promptWithStdin(given === '' ? undefined : given, io);
  if (text.trim() === '') throw new UsageError('a prompt is needed');
  return text;
}

/** A flag's value as a whole number of at least `min`, written in plain digits. */
function wholeNumber(raw: string, flag: string, min: number): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min) throw new UsageError(`${flag} ${raw}: expected a whole number ≥ ${min}`);
  return n;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}…` : flat;
}
