// Running `weft thread start|resume|fork|show|compact` (and a listing with extensions loaded): the
// engine opened for the command line, a turn's events streamed to stdout (text on a terminal, one
// JSON event per line with --json).
import { Weft } from '../engine/weft.js';
import { NoThreadToResumeError, RolloutError, UsageError } from '../errors.js';
import { noSessionMetaError } from '../thread/history-from-rollout.js';
import { firstLineProblem } from '../rollout/store/prefix.js';
import { historyItemOf } from '../rollout/format/reader.js';
import { knownEventOf } from '../rollout/format/known-events.js';
import type { FunctionCallOutputPayload } from '../../protocol/responses-items.js';
import { promptWithStdin } from './stdin-prompt.js';
import type { ThreadEvent } from '../thread/thread-events.js';
import type { Thread } from '../thread/thread.js';
import { ttyApprover } from '../tools/approval.js';
import { ttyUserInput } from '../tools/user-input/tty-user-input.js';
import { sandboxNotice } from '../tools/sandbox-notice.js';
import { sandboxModeFor, type SettingsOverrides } from '../config/resolve-settings.js';
import { interruptOnSignals } from './interrupt-signals.js';
import { StreamPrinter } from './stream-printer.js';
import { runtimeOptions, settingsOverrides, stringList, stringValue, type CliIo, type ParsedValues } from './cli-options.js';
import { list, oneLine, wholeNumber } from './thread-list.js';
import { loadExtension } from '../extensions/load-extension.js';

export async function runThreadCommand(sub: string | undefined, args: string[], values: ParsedValues, cwd: string, io: CliIo): Promise<number> {
  const approver = io.isTty ? ttyApprover(process.stdin, process.stderr) : undefined;
  const askUser = io.isTty ? ttyUserInput(process.stdin, process.stderr) : undefined;
  const weft = await Weft.open({ ...runtimeOptions(values, io.env), cwd, originator: 'weft', source: 'cli', ...(approver ? { approver } : {}), ...(askUser ? { askUser } : {}) });
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
      const thread = await withLastHint(weft.resumeThread(ref, { overrides, ...lastScope(values, cwd) }), values, cwd);
      return runOn(thread, text, values, io, weft, overrides);
    }
    case 'fork': {
      const ref = threadRef(values, args, 'thread fork');
      const at = stringValue(values.at) === undefined ? undefined : wholeNumber(stringValue(values.at) as string, '--at', 0);
      const text = await prompt(args, io);
      const thread = await withLastHint(weft.forkThread(ref, { overrides, ...lastScope(values, cwd), ...(at !== undefined ? { at } : {}) }), values, cwd);
      return runOn(thread, text, values, io, weft, overrides);
    }
    case 'list':
      return list(weft.store, values, io);
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

/** The thread a resume or fork names: `--last`, else the first argument (id, id prefix or name). */
function threadRef(values: ParsedValues, args: string[], command: string): string {
  if (values.last) return 'last';
  const ref = args.shift();
  if (!ref) throw new UsageError(`${command} needs a thread (id, id prefix or name) or --last`);
  return ref;
}

/**
 * `--last` without `--all` found no thread of this directory: the error says so, and that `--all`
 * takes the newest thread of any directory.
 */
async function withLastHint(opening: Promise<Thread>, values: ParsedValues, cwd: string): Promise<Thread> {
  try {
    return await opening;
  } catch (err) {
    if (values.last && !values.all && err instanceof NoThreadToResumeError && err.cwd !== undefined) {
      throw new RolloutError(`no thread of this directory (${cwd}) to resume: --all takes the newest thread of any directory`, undefined, { cause: err });
    }
    throw err;
  }
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
    } else if (item?.type === 'custom_tool_call') {
      io.stdout(`[call] ${item.name} ${oneLine(item.input)}`);
    } else if (item?.type === 'function_call_output' || item?.type === 'custom_tool_call_output') {
      io.stdout(`[output] ${oneLine(outputText(item.output))}`);
    }
    // A failed turn, as codex-0.169 records it: its task_complete carries the error.
    const event = knownEventOf(line);
    if (event?.type === 'task_complete' && event.error) io.stdout(`[error] ${oneLine(event.error.message)}`);
  }
  return 0;
}

/** A tool output's text (images left out). */
function outputText(output: FunctionCallOutputPayload): string {
  return typeof output === 'string' ? output : output.map((part) => (part.type === 'input_text' ? part.text : '')).join('');
}

/** The prompt: the arguments, `-` for stdin, with piped stdin appended (see stdin-prompt.ts). */
async function prompt(args: string[], io: CliIo): Promise<string> {
  const given = args.join(' ').trim();
  const text = await promptWithStdin(given === '' ? undefined : given, io);
  if (text.trim() === '') throw new UsageError('a prompt is needed');
  return text;
}

