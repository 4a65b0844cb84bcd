// `weft app-server`: Codex's app-server protocol (JSON-RPC, one JSON message per line) on
// stdin/stdout, for editors and other clients. `weft app-server generate-json-schema --out DIR`
// writes the JSON Schema of every message instead.
import path from 'node:path';
import { withOverrideLines } from '../config/config-overrides.js';
import { parseListen } from '../app-server/listen-address.js';
import { serveStdio } from '../app-server/stdio.js';
import { serveWebSocket } from '../app-server/websocket.js';
import { AppServerFleet } from '../app-server/fleet/app-server-fleet.js';
import { DEFAULT_MAX_LINE_BYTES } from '../app-server/jsonl-lines.js';
import { WS_TOKEN_ENV, webSocketAccess } from './websocket-access.js';
import { UsageError } from '../errors.js';
import { DEFAULT_COMPAT } from '../profile/profile-facts.js';
import { commonOptions, parseCommand, runtimeOptions, settingsOverrides, stringValue, type CliIo, workingDirectory } from './cli-options.js';

const OPTIONS = {
  out: { type: 'string', short: 'o' },
  'max-line-bytes': { type: 'string' },
  listen: { type: 'string' },
  'ws-token': { type: 'string' },
  'ws-auth': { type: 'string' },
  'ws-token-file': { type: 'string' },
  'ws-token-sha256': { type: 'string' },
  'ws-allow-origin': { type: 'string', multiple: true },
  'ws-allow-host': { type: 'string', multiple: true },
  experimental: { type: 'boolean' },
} as const;

const GENERATE_HELP = {
  'generate-json-schema': `Usage: weft app-server generate-json-schema --out DIR [--experimental] [--compat NAME]

Write the JSON Schema (draft-07) of every message weft's app-server speaks, generated from weft's
protocol schemas, in the layout Codex uses: v2/<Type>.json for params, responses and notifications,
v1/ for the handshake, the JSON-RPC envelopes and method unions at the top, and two bundles
(codex_app_server_protocol.schemas.json, codex_app_server_protocol.v2.schemas.json). Methods weft
does not serve have no file. Answers and notifications have Codex 0.171's exact shapes, or with
--compat those of the generation named (codex-0.169, or codex-0.98: weft's 0.98 protocol).

Options:
  -o, --out DIR            where to write the files (created if needed)
      --experimental       include the experimental methods weft serves (collaborationMode/list…)
      --compat NAME        the protocol generation: codex-0.171 (default), codex-0.169 or codex-0.98
  -h, --help               show this help`,
  'generate-ts': `Usage: weft app-server generate-ts --out DIR [--experimental] [--compat NAME]

Write TypeScript types of every message weft's app-server speaks (the same shapes as
generate-json-schema), in the layout Codex uses: v2/<Type>.ts, the other types at the top,
serde_json/JsonValue.ts, and an index.ts per folder.

Options:
  -o, --out DIR            where to write the files (created if needed)
      --experimental       include the experimental methods weft serves
      --compat NAME        the protocol generation: codex-0.171 (default), codex-0.169 or codex-0.98
  -h, --help               show this help`,
} as const;

const HELP = `Usage: weft app-server [options]
       weft app-server generate-json-schema --out DIR
       weft app-server generate-ts --out DIR

Serve Codex's app-server protocol: JSON-RPC 2.0, one JSON message per line on stdin/stdout, or one
per frame over WebSocket (each connection its own session). The client sends \`initialize\`, then
\`initialized\`, then thread/* and turn/* requests. The protocol generation is the profile's
(config \`compat\`).

Options:
${commonOptions.help}
  --listen URL             stdio:// (default) or ws://HOST:PORT (e.g. ws://127.0.0.1:4500)
  --ws-token-file PATH     WebSocket clients must send "Authorization: Bearer TOKEN", TOKEN
                           being the file's text (trimmed); required when HOST is not a
                           loopback address. Also: $${WS_TOKEN_ENV}, --ws-token-sha256 HEX
                           (the token's SHA-256), or --ws-token TOKEN (seen by every local
                           user in \`ps\`). --ws-auth capability-token is accepted, as Codex's
  --ws-allow-origin ORIGIN a browser origin allowed to connect (repeatable; by default a
                           handshake that carries Origin, that is a web page, is refused)
  --ws-allow-host HOST     a Host name allowed besides loopback and the bound address
                           (repeatable; other names are refused: DNS rebinding)
  --max-line-bytes N       longest message line accepted (default ${DEFAULT_MAX_LINE_BYTES})
  -o, --out DIR            with generate-json-schema / generate-ts: where to write the files
  -h, --help               show this help (\`weft app-server generate-ts --help\`: that subcommand's)`;

const helpFor = (positionals: string[]): string => {
  const sub = positionals[0];
  return sub === 'generate-json-schema' || sub === 'generate-ts' ? GENERATE_HELP[sub] : HELP;
};

export async function appServerCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, OPTIONS, helpFor, io);
  if (parsed === undefined) return 0;
  const { values, positionals } = parsed;
  const [sub, ...rest] = positionals;
  if (rest.length > 0) throw new UsageError(`unexpected argument \`${rest[0]}\``);
  if (sub === 'generate-json-schema' || sub === 'generate-ts') {
    const out = stringValue(values.out);
    if (out === undefined) throw new UsageError(`${sub} needs --out DIR (see weft app-server ${sub} --help)`);
    const dir = path.resolve(io.cwd, out);
    // The generation described: --compat (else today's, the default profile's).
    const generation = runtimeOptions(values, io.env).compat ?? DEFAULT_COMPAT;
    const opts = { experimental: values.experimental === true, generation };
    // Loaded only here: the schemas of every message are not needed to serve them.
    const written = sub === 'generate-ts' ? await (await import('../app-server/ts-export.js')).writeTypeScript(dir, opts) : await (await import('../app-server/schema-export.js')).writeJsonSchemas(dir, opts);
    io.stderr(`wrote ${written.length} ${sub === 'generate-ts' ? 'TypeScript' : 'schema'} files to ${dir}`);
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
  const log = (message: string) => io.stderr(`weft app-server: ${message}`);
  // Threads of a Postgres store may run on other servers: their notifications come through it.
  const fleet = new AppServerFleet(log);
  const serverOptions = {
    env,
    fleet,
    cwd,
    runtime: { ...runtime, configOverrides: withOverrideLines(runtime.configOverrides, defaults) },
    ...(maxLineBytes !== undefined ? { maxLineBytes } : {}),
    log,
  };
  const listen = parseListen(stringValue(values.listen));
  if (listen.kind === 'stdio') {
    await serveStdio(process.stdin, process.stdout, serverOptions);
    await fleet.close();
    return 0;
  }
  const access = await webSocketAccess(values, io);
  const running = await serveWebSocket({ ...serverOptions, host: listen.host, port: listen.port, ...access });
  // The bound address on stderr (port 0 picks one): scripts read it to connect.
  io.stderr(`weft app-server: listening on ${running.url}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await running.close();
  await fleet.close();
  return 0;
}
