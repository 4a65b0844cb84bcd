// `weft exec`: Codex's non-interactive command. Runs one turn on a new thread, on a resumed one
// (`weft exec resume [--last|<id>] "<prompt>"`) or on a fork of one (`weft exec fork [--last|<id>]
// "<prompt>"`, as newer Codex has), with approval policy `never` as `codex exec` does.
// With --json (alias --experimental-json) stdout carries the JSONL event stream; otherwise the
// final answer goes to stdout and progress to stderr.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Weft } from '../engine/weft.js';
import { UsageError } from '../errors.js';
import { ExecEventMapper } from '../exec/exec-events.js';
import { imageDataUrl } from '../exec/image-data-url.js';
import type { ThreadEvent } from '../thread/thread-events.js';
import type { Thread } from '../thread/thread.js';
import { sandboxNotice } from '../tools/sandbox-notice.js';
import { sandboxModeFor } from '../config/resolve-settings.js';
import { progressLine } from './progress.js';
import { commonOptions, parseCommand, runtimeOptions, settingsOverrides, stringList, stringValue, type CliIo, type ParsedValues, workingDirectory } from './cli-options.js';

const EXEC_OPTIONS = {
  json: { type: 'boolean' },
  'experimental-json': { type: 'boolean' },
  'skip-git-repo-check': { type: 'boolean' },
  'add-dir': { type: 'string', multiple: true },
  'output-schema': { type: 'string' },
  image: { type: 'string', short: 'i', multiple: true },
  last: { type: 'boolean' },
  'output-last-message': { type: 'string', short: 'o' },
} as const;

const HELP = `Usage: weft exec [options] ["<prompt>" | -]
       weft exec [options] resume [--last | <thread-id>] ["<prompt>" | -]
       weft exec [options] fork [--last | <thread-id>] ["<prompt>" | -]

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
  --last                        with resume or fork: the most recently updated thread
  -h, --help                    show this help`;

export async function execCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, EXEC_OPTIONS, HELP, io);
  if (parsed === undefined) return 0;
  const { values } = parsed;
  let positionals = parsed.positionals;
  const resume = positionals[0] === 'resume';
  const fork = positionals[0] === 'fork';
  if (resume || fork) positionals = positionals.slice(1);

  const json = Boolean(values.json || values['experimental-json']);
  const cwd = await workingDirectory(values, io);
  // Read before anything is written: a missing image or schema is a usage error, not a half-made thread.
  const images = await Promise.all(stringList(values.image).map((file) => imageDataUrl(path.resolve(io.cwd, file))));
  const schema = await outputSchema(values, cwd);
  // The TypeScript SDK names itself through this variable, as Codex lets it.
  const originator = io.env.CODEX_INTERNAL_ORIGINATOR_OVERRIDE || 'codex_exec';
  const weft = await Weft.open({ ...runtimeOptions(values, io.env), cwd, originator, source: 'exec' });
  for (const w of weft.runtime.warnings) io.stderr(`warning: ${w}`);
  const overrides = { ...settingsOverrides(values, cwd), approvalPolicy: 'never' as const, additionalWritableRoots: stringList(values['add-dir']) };
  const asked = stringValue(values['ask-for-approval']);
  if (asked !== undefined && asked !== 'never') io.stderr(`warning: --ask-for-approval ${asked} is ignored: weft exec runs with approval policy never, as codex exec does`);

  let thread: Thread;
  let prompt: string | undefined;
  if (fork) {
    const target = values.last ? 'last' : positionals.shift();
    if (target === undefined) throw new UsageError('exec fork needs a thread id or --last');
    prompt = positionals.join(' ') || undefined;
    thread = await weft.forkThread(target, { cwd: values.cd ? cwd : undefined, overrides });
    for (const w of weft.takeWarnings(thread)) io.stderr(`warning: ${w}`);
  } else if (resume) {
    const target = values.last ? 'last' : positionals.shift();
    if (target === undefined) throw new UsageError('exec resume needs a thread id or --last');
    prompt = positionals.join(' ') || undefined;
    thread = await weft.resumeThread(target, { cwd: values.cd ? cwd : undefined, overrides });
    for (const w of weft.takeWarnings(thread)) io.stderr(`warning: ${w}`);
  } else {
    prompt = positionals.join(' ') || undefined;
    thread = await weft.startThread({ cwd, overrides });
  }
  if (prompt === undefined || prompt === '-') prompt = await readPrompt(io);

  // On stderr in every mode: with --json, stdout carries only the event stream.
  const notice = await sandboxNotice(sandboxModeFor(weft.runtime.config, overrides), weft.runtime.env);
  if (notice) io.stderr(notice);

  // The event shapes of the generation the profile speaks (usage fields, file-change items).
  const generation = weft.runtime.profile.protocolGeneration;
  const mapper = new ExecEventMapper({ usageFields: generation === undefined ? 'codex-0.98' : 'full', fileChangeStarted: generation !== undefined });
  const onEvent = (event: ThreadEvent) => {
    if (json) for (const line of mapper.map(event)) io.stdout(JSON.stringify(line));
    else progress(event, io);
  };
  onEvent({ type: 'thread_started', threadId: thread.id, rolloutPath: thread.rolloutPath });
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    const outcome = await thread.run(prompt, { onEvent, signal: controller.signal, outputSchema: schema, images });
    await thread.close();
    if (outcome.status === 'completed') {
      if (!json && outcome.lastMessage !== undefined) io.stdout(outcome.lastMessage);
      const target = stringValue(values['output-last-message']);
      if (target) await import('node:fs/promises').then((fs) => fs.writeFile(target, outcome.lastMessage ?? ''));
      return 0;
    }
    return outcome.status === 'interrupted' ? 130 : 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

async function readPrompt(io: CliIo): Promise<string> {
  if (!io.readStdin || io.isTty) throw new UsageError('no prompt given: pass it as an argument or on stdin');
  const text = (await io.readStdin()).trim();
  if (text === '') throw new UsageError('the prompt read from stdin is empty');
  return text;
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

function progress(event: ThreadEvent, io: CliIo): void {
  const line = progressLine(event);
  if (line !== undefined) io.stderr(line);
}
