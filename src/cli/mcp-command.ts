// `weft mcp login|logout <server>`: OAuth for a streamable-HTTP MCP server of config.toml, as
// `codex mcp login|logout` do it. Login prints the authorization URL on stderr (open it in a
// browser), waits for the callback on 127.0.0.1 and stores the tokens in the home's
// `.credentials.json` (0600, Codex's layout); logout removes them. No token is ever printed.
import type { McpServerToml } from '../../protocol/config.js';
import { loadRuntime } from '../engine/runtime.js';
import { UsageError } from '../errors.js';
import { deleteStoredTokens } from '../mcp/oauth/credential-store.js';
import { credentialsPath } from '../mcp/oauth/credentials-file.js';
import { mcpOAuthContext, oauthApplies } from '../mcp/oauth/oauth-settings.js';
import { commonOptions, parseCommand, runtimeOptions, stringValue, type CliIo } from './cli-options.js';

const OPTIONS = {
  scopes: { type: 'string' },
  timeout: { type: 'string' },
} as const;

const HELP = `Usage: weft mcp login [--scopes A,B] [--timeout SECONDS] <server>
       weft mcp logout <server>

Sign in to a streamable-HTTP MCP server of config.toml ([mcp_servers.<server>] with \`url\`) with
OAuth, or forget its tokens. Login prints the authorization URL on stderr; open it in a browser.
The browser comes back to a listener on 127.0.0.1 (any free port, or mcp_oauth_callback_port), and
the tokens go where mcp_oauth_credentials_store says, as for Codex: the OS keyring (keyring), or
.credentials.json in weft's home (file, mode 0600), or the keyring when there is one, else the file
(auto, the default). Threads then send them to the server and refresh them when they expire.

Options:
  --scopes A,B             OAuth scopes to ask for (default: the server's \`scopes\`, else what it offers)
  --timeout SECONDS        how long to wait for the browser (default 300)
${commonOptions.help}
  -h, --help               show this help`;

function httpServer(servers: Readonly<Record<string, McpServerToml>> | undefined, name: string): McpServerToml & { url: string } {
  const config = servers?.[name];
  if (config === undefined) throw new UsageError(`no MCP server \`${name}\` in config.toml ([mcp_servers.${name}])`);
  if (config.url === undefined) throw new UsageError(`MCP server \`${name}\` runs over stdio; OAuth login is for servers with a \`url\``);
  if (!oauthApplies(config)) throw new UsageError(`MCP server \`${name}\` is given a bearer token (bearer_token_env_var or an Authorization header); OAuth login does not apply`);
  return { ...config, url: config.url };
}

export async function mcpCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, OPTIONS, HELP, io);
  if (parsed === undefined) return 0;
  const [sub, name, ...rest] = parsed.positionals;
  if (sub !== 'login' && sub !== 'logout') throw new UsageError(sub === undefined ? 'name a subcommand: login or logout' : `unknown subcommand \`mcp ${sub}\` (login, logout)`);
  if (name === undefined) throw new UsageError(`name the MCP server: weft mcp ${sub} <server>`);
  if (rest.length > 0) throw new UsageError(`unexpected argument \`${rest[0] ?? ''}\``);
  const rt = await loadRuntime(runtimeOptions(parsed.values, io.env));
  for (const w of rt.warnings) io.stderr(`warning: ${w}`);
  const server = httpServer(rt.config.mcp_servers, name);
  const oauth = mcpOAuthContext(rt.home, rt.config);

  if (sub === 'logout') {
    const removed = await deleteStoredTokens(oauth, name, server.url);
    io.stdout(removed ? `Removed the OAuth tokens of MCP server ${name}.` : `No OAuth tokens were stored for MCP server ${name}.`);
    return 0;
  }

  const scopesFlag = stringValue(parsed.values.scopes);
  const scopes = scopesFlag !== undefined ? scopesFlag.split(',').map((s) => s.trim()).filter((s) => s !== '') : server.scopes;
  const timeoutFlag = stringValue(parsed.values.timeout);
  const timeoutSec = timeoutFlag !== undefined ? Number(timeoutFlag) : undefined;
  if (timeoutSec !== undefined && !(Number.isFinite(timeoutSec) && timeoutSec > 0)) throw new UsageError(`--timeout ${timeoutFlag ?? ''}: expected a positive number of seconds`);
  const { startMcpOAuthLogin } = await import('../mcp/oauth/oauth-login.js');
  const login = await startMcpOAuthLogin({
    home: rt.home,
    store: oauth.store,
    serverName: name,
    serverUrl: server.url,
    scopes,
    resource: server.oauth_resource,
    callbackPort: oauth.callbackPort,
    callbackUrl: oauth.callbackUrl,
    ...(timeoutSec !== undefined ? { timeoutMs: timeoutSec * 1000 } : {}),
  });
  io.stderr(`To sign in to MCP server ${name}, open this URL in a browser:\n${login.authorizationUrl}`);
  await login.completed;
  io.stdout(`Signed in to MCP server ${name}; its tokens are in ${credentialsPath(rt.home)}.`);
  return 0;
}
