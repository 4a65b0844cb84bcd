// `weft thread export <id> --html|--jsonl [-o FILE]`: the thread's viewer page as one self-contained
// file, or its rollout (the JSONL bytes the files store writes, whichever store keeps the thread).
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { configuredHome, threadStoreOf } from '../engine/configured-profile.js';
import path from 'node:path';
import { Weft } from '../engine/weft.js';
import { UsageError } from '../errors.js';
import { exportThreadHtml } from '../view/thread-export.js';
import { viewApiFor } from '../view/view-session.js';
import { commonOptions, parseCommand, runtimeOptions, stringValue, type CliIo } from './cli-options.js';

const OPTIONS = {
  html: { type: 'boolean' },
  jsonl: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
} as const;

const HELP = `Usage: weft thread export <thread> (--html | --jsonl) [-o FILE]

<thread> is an id, a unique start of one, or a thread's name, as for \`weft thread show\`.

Writes the thread's viewer page (turns, items, every request with its composition, body and diff)
as one HTML file that opens without a server or network; or, with --jsonl, the thread's rollout
exactly as stored (what \`weft thread import\` takes back). Without -o it goes to stdout.

Options:
${commonOptions.help}
  --html          the viewer page, as HTML
  --jsonl         the rollout, as JSONL
  -o, --output F  write to file F
  -h, --help      show this help`;

export async function threadExportCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, OPTIONS, HELP, io);
  if (parsed === undefined) return 0;
  const { values, positionals } = parsed;
  const [id, ...extra] = positionals;
  if (id === undefined || extra.length > 0) throw new UsageError(`thread export needs exactly one thread (id, id prefix or name)\n\n${HELP}`);
  if (values.html === values.jsonl) throw new UsageError('thread export: say --html (the viewer page) or --jsonl (the rollout)');
  if (values.jsonl) return exportRollout(id, stringValue(values.output), values, io);
  const weft = await Weft.open({ ...runtimeOptions(values, io.env), cwd: io.cwd, originator: 'weft', source: 'cli' });
  // The thread the reference names, as `show` finds it (an unknown or ambiguous one is refused here).
  const { id: threadId } = await weft.threads.read(id);
  const html = await exportThreadHtml(viewApiFor(weft), threadId);
  if (html === undefined) throw new UsageError(`thread export: no thread ${id} under ${weft.runtime.home}`);
  const out = stringValue(values.output);
  if (out === undefined) {
    io.stdout(html);
  } else {
    const file = path.resolve(io.cwd, out);
    await writeFile(file, html);
    io.stderr(`wrote ${file}`);
  }
  return 0;
}

/** The rollout's bytes, from whichever store keeps the thread, to stdout or a file. */
async function exportRollout(ref: string, out: string | undefined, values: Parameters<typeof runtimeOptions>[0], io: CliIo): Promise<number> {
  const configured = await configuredHome(runtimeOptions(values, io.env));
  const store = threadStoreOf({ ...configured, env: io.env });
  try {
    const file = await store.locate(ref);
    const source = Readable.from(store.exportRollout(file));
    if (out === undefined) {
      await pipeline(source, process.stdout, { end: false });
    } else {
      const target = path.resolve(io.cwd, out);
      await pipeline(source, createWriteStream(target, { mode: 0o600 }));
      io.stderr(`wrote ${target}`);
    }
    return 0;
  } finally {
    await store.close();
  }
}
