// Who may connect to `weft app-server --listen ws://…`, from the command line and the environment.
// The token comes from one of: a file (`--ws-token-file`, Codex 0.169's name), the environment
// (`WEFT_APP_SERVER_WS_TOKEN`), its SHA-256 (`--ws-token-sha256`, Codex's too), or the argument
// (`--ws-token`, which every local user sees in `ps`: said on stderr). `--ws-auth capability-token`
// is accepted as Codex asks it; signed bearer tokens are not served.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { stringValue, type CliIo, type ParsedValues } from './cli-options.js';

export const WS_TOKEN_ENV = 'WEFT_APP_SERVER_WS_TOKEN';

export interface WebSocketAccess {
  readonly token?: string;
  readonly tokenSha256?: string;
  readonly allowedOrigins: readonly string[];
  readonly allowedHosts: readonly string[];
}

function strings(value: ParsedValues[string]): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

async function tokenFromFile(file: string, io: CliIo): Promise<string> {
  const at = path.resolve(io.cwd, file);
  let text: string;
  try {
    text = await readFile(at, 'utf8');
  } catch (err) {
    throw new UsageError(`--ws-token-file ${at}: cannot read it (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const token = text.trim();
  if (token === '') throw new UsageError(`--ws-token-file ${at}: the file is empty; put the token in it`);
  return token;
}

export async function webSocketAccess(values: ParsedValues, io: CliIo): Promise<WebSocketAccess> {
  const mode = stringValue(values['ws-auth']);
  if (mode !== undefined && mode !== 'capability-token') {
    throw new UsageError(`--ws-auth ${mode}: weft serves only capability-token (give the token with --ws-token-file PATH)`);
  }
  const file = stringValue(values['ws-token-file']);
  const sha256 = stringValue(values['ws-token-sha256']);
  const argument = stringValue(values['ws-token']);
  const fromEnv = io.env[WS_TOKEN_ENV];
  const given = [file, sha256, argument].filter((v) => v !== undefined);
  if (given.length > 1) throw new UsageError('give the WebSocket token one way: --ws-token-file, --ws-token-sha256 or --ws-token');
  if (mode === 'capability-token' && file === undefined && sha256 === undefined) {
    throw new UsageError('--ws-auth capability-token needs --ws-token-file PATH or --ws-token-sha256 HEX');
  }
  const base = { allowedOrigins: strings(values['ws-allow-origin']), allowedHosts: strings(values['ws-allow-host']) };
  if (file !== undefined) return { ...base, token: await tokenFromFile(file, io) };
  if (sha256 !== undefined) return { ...base, tokenSha256: sha256 };
  if (argument !== undefined) {
    io.stderr(`weft app-server: --ws-token is visible to every local user (ps); prefer --ws-token-file PATH or $${WS_TOKEN_ENV}`);
    return { ...base, token: argument };
  }
  if (fromEnv !== undefined && fromEnv.trim() !== '') return { ...base, token: fromEnv.trim() };
  return base;
}
