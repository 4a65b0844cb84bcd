// `weft exec`: Codex's non-interactive command. Runs one turn on a new thread, on a resumed one
// (`weft exec resume [--last|<id>] "<prompt>"`) or on a fork of one (`weft exec fork [--last|<id>]
// "<prompt>"`, as newer Codex has), with approval policy `never` as `codex exec` does.
// With --json (alias --experimental-json) stdout carries the JSONL event stream; otherwise the
// final answer goes to stdout and progress to stderr.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Weft } from '../engine/weft.js';
import { UsageError, errorMessage } from '../errors.js';
import { reviewText } from '../engine/review-request.js';
import { ExecEventMapper } from '../exec-stream/exec-events.js';
import { imageDataUrl } from '../exec-stream/image-data-url.js';
import type { ThreadEvent } from '../thread/thread-events.js';
import type { Thread } from '../thread/thread.js';
import { sandboxNotice } from '../tools/sandbox-notice.js';
import { sandboxModeFor } from '../config/resolve-settings.js';
import { execHeader } from './exec-header.js';
import { OSS_HELP, OSS_OPTIONS, ossOverrides } from './oss-provider.js';
import { REVIEW_HELP, REVIEW_OPTIONS, reviewOf, reviewView } from './review-mode.js';
import { HumanExecPrinter, headerText } from './exec-human-output.js';
import { interruptOnSignals } from './interrupt-signals.js';
import { promptWithStdin } from './stdin-prompt.js';
import { EXEC_EXTRA_HELP, EXEC_EXTRA_OPTIONS, refuseOtherGenerationOptions, shortcutSandbox } from './exec-flags.js';
import { commonOptions, parseCommand, runtimeOptions, settingsOverrides, stringList, stringValue, type CliIo, type ParsedValues, workingDirectory } from './cli-options.js';

const EXEC_OPTIONS = {
  json: { type: 'boolean' },
  'experimental-json': { type: 'boolean' },
  'skip-git-repo-check': { type: 'boolean' },
  'add-dir': { type: 'string', multiple: true },
  'output-schema': { type: 'string' },
  image: { type: 'string', short: 'i', multiple: true },
  last: { type: 'boolean' },
  all: { type: 'boolean' },
  'output-last-message': { type: 'string', short: 'o' },
  ...REVIEW_OPTIONS,
  ...OSS_OPTIONS,
  ...EXEC_EXTRA_OPTIONS,
} as const;

const HELP = `Usage: weft exec [options] ["<prompt>" | -]
       weft exec [options] resume [--last | <thread-id>] ["<prompt>" | -]
       weft exec [options] fork [--last | <thread-id>] ["<prompt>" | -]
       weft exec [options] review [--uncommitted | --base BRANCH | --commit SHA [--title T] | "<instructions>"]

Run one turn non-interactively (approval policy: never). The prompt comes from the argument, or
from stdin when it is \`-\` or absent.

Options:
${commonOptions.help}
  --json, --experimental-json   print the JSONL event stream on stdout
  --skip-git-repo-check         accepted for compatibility (weft runs outside git repos too)
  --add-dir DIR                 an extra writable root (repeatable)
  --output-schema FILE          JSON schema the final answer must follow
  -i, --image FILE              attach an image (repeatable)
  -o, --output-last-message F   also write the final answer to F
  --last                        with resume or fork: the newest thread of this directory
  --all                         with --last: of any directory
${OSS_HELP}
${REVIEW_HELP}
${EXEC_EXTRA_HELP}
  -h, --help                    show this help`;

const SUB_HELP: Record<string, string> = {
  resume: `Usage: weft exec [options] resume (<thread> | --last [--all]) ["<prompt>" | -]

Run one turn on a stored thread non-interactively. A <thread> is its id, a unique start of its id,
or its name; --last is the newest thread of this directory (--all: of any).`,
  review: `Usage: weft exec [options] review [--uncommitted | --base BRANCH | --commit SHA [--title T] | "<instructions>" | -]

Review code changes non-interactively: the working tree's (--uncommitted), this branch's against
BRANCH, one commit's, or as the instructions say. Prints the review: the verdict's explanation, then
each finding with its file and lines.`,
  fork: `Usage: weft exec [options] fork (<thread> | --last [--all]) ["<prompt>" | -]

Copy a stored thread into a new one and run one turn on the copy non-interactively. A <thread> is
its id, a unique start of its id, or its name; --last is the newest thread of this directory.`,
};

function helpFor(positionals: string[]): string {
  const sub = SUB_HELP[positionals[0] ?? ''];
  return sub ? `${sub}\n\n${HELP.slice(HELP.indexOf('Options:'))}` : HELP;
}

export async function execCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, EXEC_OPTIONS, helpFor, io);
  if (parsed === undefined) return 0;
  const json = Boolean(parsed.values.json || parsed.values['experimental-json']);
  try {
    return await runExec(parsed, json, io);
  } catch (err) {
    // A reader of the event stream learns of a failure to start from the stream too.
    if (json) io.stdout(JSON.stringify({ type: 'error', message: errorMessage(err) }));
    throw err;
  }
}

async function runExec(parsed: { values: ParsedValues; positionals: string[] }, json: boolean, io: CliIo): Promise<number> {
  const { values } = parsed;
  let positionals = parsed.positionals;
  const resume = positionals[0] === 'resume';
  const fork = positionals[0] === 'fork';
  const reviewing = positionals[0] === 'review';
  if (resume || fork || reviewing) positionals = positionals.slice(1);

  const sandboxMode = shortcutSandbox(values);
  const ephemeral = values.ephemeral === true;
  if (ephemeral && (resume || fork)) throw new UsageError('--ephemeral starts a new thread: weft does not resume or fork one without writing it');
  const cwd = await workingDirectory(values, io);
  // Read before anything is written: a missing image or schema is a usage error, not a half-made thread.
  const images = await Promise.all(stringList(values.image).map((file) => imageDataUrl(path.resolve(io.cwd, file))));
  const schema = await outputSchema(values, cwd);
  // The TypeScript SDK names itself through this variable, as Codex lets it.
  const originator = io.env.CODEX_INTERNAL_ORIGINATOR_OVERRIDE || 'codex_exec';
  const oss = await ossOverrides(values, io);
  const runtime = runtimeOptions(values, io.env);
  const weft = await Weft.open({
    ...runtime,
    configOverrides: [...stringList(values.config), ...oss],
    ignoreUserConfig: values['ignore-user-config'] === true,
    strictConfig: values['strict-config'] === true,
    cwd,
    originator,
    source: 'exec',
    threadSource: stringValue(values['thread-source']),
  });
  refuseOtherGenerationOptions(values, weft.runtime.profile.name);
  // Plain output prints its header first, as Codex does: what is said before it waits for it.
  const early: string[] = [];
  const say = (line: string) => (json ? io.stderr(line) : early.push(line));
  for (const w of weft.runtime.warnings) say(`warning: ${w}`);
  const overrides = {
    ...settingsOverrides(values, cwd),
    ...(sandboxMode ? { sandboxMode } : {}),
    approvalPolicy: 'never' as const,
    additionalWritableRoots: stringList(values['add-dir']),
  };
  const asked = stringValue(values['ask-for-approval']);
  if (asked !== undefined && asked !== 'never') say(`warning: --ask-for-approval ${asked} is ignored: weft exec runs with approval policy never, as codex exec does`);
  const configured = weft.runtime.config.approval_policy;
  if (asked === undefined && configured !== undefined && configured !== 'never') {
    say(`warning: approval_policy = "${configured}" of ${weft.runtime.configFile} is ignored: weft exec runs with approval policy never, as codex exec does`);
  }

  // The sandbox probe (a process of its own) runs while the thread opens.
  const noticeLater = sandboxNotice(sandboxModeFor(weft.runtime.config, overrides), weft.runtime.profile.commandSandbox, weft.runtime.env);
  // `--last` is the newest thread of this directory, as in Codex; `--all` lifts that.
  const lastHere = Boolean(values.last && !values.all);
  let thread: Thread;
  let prompt: string | undefined;
  let review: Awaited<ReturnType<typeof reviewOf>> | undefined;
  if (fork) {
    const target = values.last ? 'last' : positionals.shift();
    if (target === undefined) throw new UsageError('exec fork needs a thread id or --last');
    prompt = positionals.join(' ') || undefined;
    thread = await weft.forkThread(target, { cwd: values.cd || lastHere ? cwd : undefined, overrides });
    for (const w of weft.takeWarnings(thread)) say(`warning: ${w}`);
  } else if (resume) {
    const target = values.last ? 'last' : positionals.shift();
    if (target === undefined) throw new UsageError('exec resume needs a thread id or --last');
    prompt = positionals.join(' ') || undefined;
    thread = await weft.resumeThread(target, { cwd: values.cd || lastHere ? cwd : undefined, overrides });
    for (const w of weft.takeWarnings(thread)) say(`warning: ${w}`);
  } else if (reviewing) {
    review = await reviewOf(values, positionals.join(' ') || undefined, weft.runtime.pack, io);
    prompt = review.prompt;
    thread = await weft.startThread({ cwd, overrides, ephemeral, instructions: review.instructions, review: true });
  } else {
    prompt = positionals.join(' ') || undefined;
    thread = await weft.startThread({ cwd, overrides, ephemeral });
  }
  prompt = review ? review.prompt : await promptWithStdin(prompt, io);

  // On stderr in every mode: with --json, stdout carries only the event stream.
  const notice = await noticeLater;
  if (notice) say(`warning: ${notice}`);
  const printer = json ? undefined : new HumanExecPrinter(io.stderr, { showReasoning: true, now: () => performance.now(), cwd });
  if (printer) {
    const settings = await thread.nextTurnSettings();
    io.stderr(headerText(execHeader(weft.runtime, settings, thread.id, review?.hint ?? prompt)));
    for (const line of early) io.stderr(line);
    // As Codex warns here: a model the catalog lacks runs on generic facts.
    if (!weft.runtime.catalog.some((m) => m.slug === settings.model.slug)) {
      io.stderr(`warning: the model catalog has no entry for \`${settings.model.slug}\`: weft gives it generic facts (context window, tools, instructions), which may not fit it`);
    }
  }

  // The event shapes of the generation the profile speaks (usage fields, file-change and compaction items).
  const older = weft.runtime.profile.protocolGeneration === '0.98';
  const mapper = new ExecEventMapper({ usageFields: older ? 'codex-0.98' : 'full', fileChangeStarted: !older, compactionItem: older, instructionWarningItems: !older });
  const show = (event: ThreadEvent) => {
    // What the stream leaves out is still said, on stderr.
    if (json && event.type === 'warning' && (event.about === 'skills' || (older && event.about === 'instructions'))) io.stderr(`warning: ${event.message}`);
    if (json) for (const line of mapper.map(event)) io.stdout(JSON.stringify(line));
    else printer?.onEvent(event);
  };
  // A review shows its answer as the review text, once, and no token usage (as Codex's review does).
  const onEvent = review ? reviewView(show) : show;
  onEvent({ type: 'thread_started', threadId: thread.id, rolloutPath: thread.rolloutPath });
  // Deprecated settings are items of the stream before the turn, as in Codex 0.169 (0.98 reports none).
  for (const message of weft.runtime.notices) onEvent({ type: 'warning', message, about: 'config' });
  const stop = interruptOnSignals();
  try {
    const outcome = await thread.run(prompt, { onEvent, signal: stop.signal, outputSchema: schema, images });
    const closing = printer?.closing();
    if (closing !== undefined) io.stderr(closing);
    if (outcome.status === 'completed') {
      // An active goal would go on in a turn of its own; exec ends here, as Codex's does, stopping it.
      await thread.abandonGoalContinuation();
      const answer = review && outcome.lastMessage !== undefined ? reviewText(outcome.lastMessage) : outcome.lastMessage;
      if (!json && answer !== undefined) io.stdout(answer);
      const target = stringValue(values['output-last-message']);
      if (target) await writeFile(target, answer ?? '');
      return 0;
    }
    return outcome.status === 'interrupted' ? (stop.exitCode() ?? 130) : 1;
  } finally {
    stop.dispose();
    await thread.close();
  }
}

async function outputSchema(values: ParsedValues, cwd: string): Promise<unknown> {
  const file = stringValue(values['output-schema']);
  if (file === undefined) return undefined;
  const full = path.resolve(cwd, file);
  let schema: unknown;
  try {
    schema = JSON.parse(await readFile(full, 'utf8')) as unknown;
  } catch (err) {
    throw new UsageError(`--output-schema ${full}: ${(err as Error).message}`);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new UsageError(`--output-schema ${full}: a JSON Schema is a JSON object`);
  }
  return schema;
}
