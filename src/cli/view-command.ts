// `weft view`: serve the thread viewer (src/view/) until stopped. The first stdout line is the URL to
// open; it carries the per-run token every API call needs.
import { Weft } from '../engine/weft.js';
import { UsageError } from '../errors.js';
import { startViewServer } from '../view/view-server.js';
import { viewApiFor } from '../view/view-session.js';
import { commonOptions, parseCommand, runtimeOptions, stringValue, type CliIo } from './cli-options.js';

const OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
} as const;

const HELP = `Usage: weft view [--home DIR] [--host 127.0.0.1] [--port N]

Serves a local web page of the home's threads (weft's and Codex's): their turns and items, and for
every model request its composition, cache-stable prefix, exact body and diff. Prints the URL to open
(with this run's access token) as the first line, then serves until stopped (Ctrl-C).

Options:
${commonOptions.help}
  --host H        address to listen on (default 127.0.0.1: only this machine)
  --port N        port (default: any free port)
  -h, --help      show this help`;

export async function viewCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, OPTIONS, HELP, io, { allowPositionals: false });
  if (parsed === undefined) return 0;
  const { values } = parsed;
  const port = Number(stringValue(values.port) ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port ${String(values.port)}: expected a port number (0-65535)`);
  const host = stringValue(values.host) ?? '127.0.0.1';
  const weft = await Weft.open({ ...runtimeOptions(values, io.env), cwd: io.cwd, originator: 'weft', source: 'cli' });
  for (const w of weft.runtime.warnings) io.stderr(`warning: ${w}`);
  const server = await startViewServer(viewApiFor(weft), { host, port });
  io.stdout(server.url);
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') io.stderr(`warning: listening on ${host}: other machines can reach this viewer (the token still guards it)`);
  io.stderr(`weft view: serving the threads of ${weft.runtime.home}; Ctrl-C stops it`);
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  return 0;
}
