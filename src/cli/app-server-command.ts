// `weft app-server`: Codex's app-server protocol (JSON-RPC, one JSON message per line) on
// stdin/stdout, for editors and other clients. `weft app-server generate-json-schema --out DIR`
// writes the JSON Schema of every message instead.
import path from 'node:path';
import { parseListen } from '../app-server/listen-address.js';
import { serveStdio } from '../app-server/stdio.js';
import { serveWebSocket } from '../app-server/websocket.js';
import { writeJsonSchemas } from '../app-server/schema-export.js';
import { DEFAULT_MAX_LINE_BYTES } from '../app-server/jsonl-lines.js';
import { UsageError } from '../errors.js';
import { commonOptions, parseCommand, runtimeOptions, settingsOverrides, stringValue, type CliIo, workingDirectory } from './cli-options.js';

const OPTIONS = {
  out: { type: 'string', short: 'o' },
  'max-line-bytes': { type: 'string' },
  listen: { type: 'string' },
  'ws-token': { type: 'string' },
} as const;

const HELP = `Usage: weft app-server [options]
       weft app-server generate-json-schema --out DIR

Serve Codex's app-server protocol: JSON-RPC 2.0, one JSON message per line on stdin/stdout, or one
per frame over WebSocket (each connection its own session). The client sends \`initialize\`, then
\`initialized\`, then thread/* and turn/* requests. The protocol generation is the profile's
(config \`compat\`).

Options:
${commonOptions.help}
  --listen URL             stdio:// (default) or ws://HOST:PORT (e.g. ws://127.0.0.1:4500)
  --ws-token TOKEN         WebSocket clients must send "Authorization: Bearer TOKEN"
                           (required when HOST is not a loopback address)
  --max-line-bytes N       longest message line accepted (default ${DEFAULT_MAX_LINE_BYTES})
  -o, --out DIR            with generate-json-schema: where to write the schema files
  -h, --help               show this help`;

export async function appServerCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, OPTIONS, HELP, io);
  if (parsed === undefined) return 0;
  const { values, positionals } = parsed;
  const [sub, ...rest] = positionals;
  if (rest.length > 0) throw new UsageError(`unexpected argument \`${rest[0]}\``);
  if (sub === 'generate-json-schema') {
    const out = stringValue(values.out);
    if (out === undefined) throw new UsageError('generate-json-schema needs --out DIR');
    const written = await writeJsonSchemas(path.resolve(io.cwd, out));
    io.stderr(`wrote ${written.length} schema files to ${path.resolve(io.cwd, out)}`);
    return 0;
  }
  if (sub !== undefined) throw new UsageError(`unknown app-server subcommand \`${sub}\``);
  const maxRaw = stringValue(values['max-line-bytes']);
  const maxLineBytes = maxRaw === undefined ? undefined : Number(maxRaw);
  if (maxLineBytes !== undefined && (!Number.isInteger(maxLineBytes) || maxLineBytes < 1024)) {
    throw new UsageError(`--max-line-bytes ${maxRaw}: expected a whole number ≥ 1024`);
  }
  const cwd = await workingDirectory(values, io);
  const { env, ...runtime } = runtimeOptions(values, io.env);
  // -m/-s/-a set the defaults of every thread, as the same keys of config.toml would.
  const flags = settingsOverrides(values, cwd);
  const defaults = [
    ...(flags.model ? [`model=${JSON.stringify(flags.model)}`] : []),
    ...(flags.sandboxMode ? [`sandbox_mode=${JSON.stringify(flags.sandboxMode)}`] : []),
    ...(flags.approvalPolicy ? [`approval_policy=${JSON.stringify(flags.approvalPolicy)}`] : []),
  ];
  const serverOptions = {
    env,
    cwd,
    runtime: { ...runtime, configOverrides: [...(runtime.configOverrides ?? []), ...defaults] },
    ...(maxLineBytes !== undefined ? { maxLineBytes } : {}),
    log: (message: string) => io.stderr(`weft app-server: ${message}`),
  };
  const listen = parseListen(stringValue(values.listen));
  if (listen.kind === 'stdio') {
    await serveStdio(process.stdin, process.stdout, serverOptions);
    return 0;
  }
  const token = stringValue(values['ws-token']);
  const running = await serveWebSocket({ ...serverOptions, host: listen.host, port: listen.port, ...(token ? { token } : {}) });
  // The bound address on stderr (port 0 picks one): scripts read it to connect.
  io.stderr(`weft app-server: listening on ${running.url}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await running.close();
  return 0;
}
