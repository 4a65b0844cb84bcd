// `weft thread start|resume|fork|list|show|compact`: threads from the command line. Assistant text
// streams to stdout on a terminal; --json prints one JSON thread event per line instead.
import { Weft } from '../engine/weft.js';
import { UsageError } from '../errors.js';
import { readRollout } from '../thread/rollout-reader.js';
import { listThreads } from '../thread/thread-list.js';
import type { ThreadEvent } from '../thread/thread-events.js';
import type { Thread } from '../thread/thread.js';
import { ttyApprover } from '../tools/approval.js';
import { sandboxNotice } from '../tools/sandbox-notice.js';
import { sandboxModeFor, type SettingsOverrides } from '../config/resolve-settings.js';
import { progressLine } from './progress.js';
import { commonOptions, parseCommand, runtimeOptions, settingsOverrides, stringList, stringValue, type CliIo, type ParsedValues, workingDirectory } from './cli-options.js';
import { loadExtension } from '../extensions/load-extension.js';

const OPTIONS = {
  json: { type: 'boolean' },
  last: { type: 'boolean' },
  at: { type: 'string' },
  limit: { type: 'string' },
  cursor: { type: 'string' },
  extension: { type: 'string', multiple: true },
} as const;

const HELP = `Usage:
  weft thread start [options] "<prompt>"
  weft thread resume [options] (<id> | --last) "<prompt>"
  weft thread fork [options] <id> [--at N] "<prompt>"
  weft thread list [--limit N] [--cursor C] [--json]
  weft thread show <id> [--json]
  weft thread compact <id>
  weft thread export <id> --html [-o FILE]   (see weft thread export --help)

Options:
${commonOptions.help}
  --json          one JSON event (or document) per line on stdout
  --last          resume the most recently updated thread
  --at N          fork: keep only what precedes the N-th user message (0-based)
  --limit N       list: threads per page (default 20)
  --cursor C      list: the page after the one that printed this cursor
  --extension F   load the extension in file F (.ts or .js) for this run (repeatable)
  -h, --help      show this help`;

export async function threadCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'export') return (await import('./thread-export-command.js')).threadExportCommand(argv.slice(1), io);
  const parsed = parseCommand(argv, OPTIONS, HELP, io);
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
      return runOn(await weft.startThread({ cwd, overrides }), prompt(args), values, io, weft, overrides);
    case 'resume': {
      const ref = values.last ? 'last' : args.shift();
      if (!ref) throw new UsageError('thread resume needs a thread id or --last');
      return runOn(await weft.resumeThread(ref, { overrides }), prompt(args), values, io, weft, overrides);
    }
    case 'fork': {
      const ref = args.shift();
      if (!ref) throw new UsageError('thread fork needs the id of the thread to fork');
      const at = stringValue(values.at) === undefined ? undefined : wholeNumber(stringValue(values.at) as string, '--at', 0);
      return runOn(await weft.forkThread(ref, { overrides, ...(at !== undefined ? { at } : {}) }), prompt(args), values, io, weft, overrides);
    }
    case 'list': {
      const limit = stringValue(values.limit) === undefined ? 20 : wholeNumber(stringValue(values.limit) as string, '--limit', 1);
      const onWarning = (w: string): void => io.stderr(`warning: ${w}`);
      const page = await listThreads(weft.home, { limit, onWarning, ...(stringValue(values.cursor) ? { cursor: stringValue(values.cursor) as string } : {}) });
      if (values.json) io.stdout(JSON.stringify(page));
      else {
        for (const t of page.threads) io.stdout(`${t.id}  ${t.updatedAt}  ${t.cwd}  ${oneLine(t.preview)}`);
        if (page.nextCursor) io.stderr(`more: --cursor ${page.nextCursor}`);
      }
      return 0;
    }
    case 'show':
      return show(weft, args[0], values, io);
    case 'compact': {
      const ref = args[0];
      if (!ref) throw new UsageError('thread compact needs a thread id');
      const thread = await weft.resumeThread(ref, { overrides });
      io.stderr('compacting…');
      await thread.compact({ onEvent: (e) => report(e, values, io) });
      await thread.close();
      return 0;
    }
    default:
      throw new UsageError(`${sub === undefined ? 'a thread command is needed' : `unknown thread command \`${sub}\``}\n\n${HELP}`);
  }
}

async function runOn(thread: Thread, text: string, values: ParsedValues, io: CliIo, weft: Weft, overrides: SettingsOverrides): Promise<number> {
  for (const w of weft.takeWarnings(thread)) io.stderr(`warning: ${w}`);
  const notice = await sandboxNotice(sandboxModeFor(weft.runtime.config, overrides), weft.runtime.env);
  if (notice) io.stderr(notice);
  report({ type: 'thread_started', threadId: thread.id, rolloutPath: thread.rolloutPath }, values, io);
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    let turnStarted = false;
    const onEvent = (e: ThreadEvent): void => {
      if (e.type === 'turn_started') turnStarted = true;
      report(e, values, io);
    };
    const outcome = await thread.run(text, { signal: controller.signal, onEvent });
    // An extension command answered the input itself: no turn ran, so nothing has shown the reply.
    if (!turnStarted && outcome.status === 'completed' && outcome.lastMessage !== undefined) {
      report({ type: 'turn_completed', turnId: outcome.turnId, usage: null, lastMessage: outcome.lastMessage }, values, io);
      if (!values.json) io.stdout(outcome.lastMessage);
    }
    await thread.close();
    return outcome.status === 'completed' ? 0 : outcome.status === 'interrupted' ? 130 : 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

function report(event: ThreadEvent, values: ParsedValues, io: CliIo): void {
  if (values.json) {
    io.stdout(JSON.stringify(event));
    return;
  }
  if (event.type === 'model_item' && event.item.type === 'message') {
    io.stdout(event.item.content.map((p) => ('text' in p ? p.text : '')).join(''));
    return;
  }
  const line = progressLine(event);
  if (line !== undefined) io.stderr(line);
}

async function show(weft: Weft, ref: string | undefined, values: ParsedValues, io: CliIo): Promise<number> {
  if (!ref) throw new UsageError('thread show needs a thread id');
  const file = await weft.locate(ref);
  const records = await readRollout(file, { onWarning: (w) => io.stderr(`warning: ${w}`) });
  for (const { line } of records) {
    if (values.json) {
      io.stdout(JSON.stringify(line));
      continue;
    }
    const payload = line.payload as { type?: string; role?: string; content?: Array<{ text?: string }>; name?: string; arguments?: string; message?: string };
    if (line.type === 'compacted') io.stdout(`── compacted ──\n${oneLine(payload.message ?? '')}`);
    else if (line.type === 'response_item' && payload.type === 'message') {
      io.stdout(`[${payload.role}] ${oneLine((payload.content ?? []).map((c) => c.text ?? '').join(''))}`);
    } else if (line.type === 'response_item' && payload.type === 'function_call') {
      io.stdout(`[call] ${payload.name} ${payload.arguments}`);
    }
  }
  return 0;
}

function prompt(args: string[]): string {
  const text = args.join(' ').trim();
  if (text === '') throw new UsageError('a prompt is needed');
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
