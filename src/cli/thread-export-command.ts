// `weft thread export <id> --html [-o FILE]`: the thread's viewer page as one self-contained file.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Weft } from '../engine/weft.js';
import { UsageError } from '../errors.js';
import { exportThreadHtml } from '../view/thread-export.js';
import { viewApiFor } from '../view/view-session.js';
import { commonOptions, parseCommand, runtimeOptions, stringValue, type CliIo } from './cli-options.js';

const OPTIONS = {
  html: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
} as const;

const HELP = `Usage: weft thread export <thread> --html [-o FILE]

<thread> is an id, a unique start of one, or a thread's name, as for \`weft thread show\`.

Writes the thread's viewer page (turns, items, every request with its composition, body and diff)
as one HTML file that opens without a server or network. Without -o it goes to stdout.

Options:
${commonOptions.help}
  --html          HTML output (the only format so far)
  -o, --output F  write to file F
  -h, --help      show this help`;

export async function threadExportCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, OPTIONS, HELP, io);
  if (parsed === undefined) return 0;
  const { values, positionals } = parsed;
  const [id, ...extra] = positionals;
  if (id === undefined || extra.length > 0) throw new UsageError(`thread export needs exactly one thread (id, id prefix or name)\n\n${HELP}`);
  if (!values.html) throw new UsageError('thread export: say --html (the only export format)');
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
