// `weft login` and `weft logout`: signing the home in and out as `codex login` / `codex logout` do,
// with the same files, exit codes and issuer overrides (src/auth/), in weft's own words. Login
// status exits 0 when signed in and 1 when not; logout exits 0 either way. No token is printed.
import { caTrust } from '../auth/ca-trust.js';
import { DEFAULT_ISSUER } from '../auth/issuer.js';
import { loginStatus } from '../auth/login-status.js';
import { agentIdentityFile, apiKeyFile } from '../auth/signed-in-file.js';
import { DEFAULT_CHATGPT_BASE_URL } from '../auth/workspace-routing.js';
import { authPlace, writeAuth, type AuthPlace } from '../auth/auth-store.js';
import type { ConfigToml } from '../../protocol/config.js';
import { loadConfig } from '../config/load-config.js';
import { codexUserAgent } from '../client/user-agent.js';
import { resolveWeftHome } from '../config/weft-home.js';
import { PROFILE_FACTS, DEFAULT_COMPAT } from '../profile/profile-facts.js';
import { UsageError } from '../errors.js';
import { parseCommand, stringList, stringValue, type CliIo } from './cli-options.js';

/** The originator Codex's own login and logout send (raw/22, raw/24). */
const LOGIN_ORIGINATOR = 'codex_cli_rs';

const LOGIN_OPTIONS = {
  'with-api-key': { type: 'boolean' },
  'with-access-token': { type: 'boolean' },
  'device-auth': { type: 'boolean' },
  experimental_issuer: { type: 'string' },
  'experimental-issuer': { type: 'string' },
} as const;

const LOGIN_HELP = `Usage: weft login [--device-auth] [--experimental_issuer URL]
       weft login --with-api-key        (reads the key from stdin)
       weft login --with-access-token   (reads an agent identity token from stdin)
       weft login status

Sign this home in the way Codex does, into its auth.json (mode 0600), which Codex and weft share:
with ChatGPT in the browser (a listener on 127.0.0.1:1455 receives the sign-in), with a device code
(--device-auth: open the link shown, enter the code), with an API key read from stdin, or with an
agent identity token read from stdin (checked against its issuer's keys before it is kept).
\`weft login status\` says how the home is signed in (exit 1 when it is not).

Options:
  --device-auth            sign in with a device code instead of the browser
  --with-api-key           read an API key from stdin and keep it in auth.json
  --with-access-token      read an agent identity token from stdin, verify it, keep it in auth.json
  --experimental_issuer U  the sign-in service of the device-code flow (default ${DEFAULT_ISSUER})
  --home DIR               weft home (default: $WEFT_HOME, $CODEX_HOME, ~/.weft)
  -h, --help               show this help`;

const LOGOUT_HELP = `Usage: weft logout

Sign this home out: the ChatGPT refresh token is revoked at the sign-in service (best effort), then
auth.json is removed. An API key is only removed.

Options:
  --home DIR               weft home (default: $WEFT_HOME, $CODEX_HOME, ~/.weft)
  -h, --help               show this help`;

function homeOf(values: Record<string, unknown>, io: CliIo): string {
  return resolveWeftHome(io.env, stringValue(values.home as string | undefined) ?? stringValue(values['codex-home'] as string | undefined));
}

/** The home, where its sign-in is kept (`cli_auth_credentials_store` of config.toml and `-c`) and its configuration. */
async function placeOf(values: Record<string, unknown>, io: CliIo): Promise<AuthPlace & { config: ConfigToml }> {
  const home = homeOf(values, io);
  const { config } = await loadConfig({ home, overrides: stringList(values.config as string[] | undefined) });
  return { ...authPlace(home, config), config };
}

/** Who the issuer and backend requests say they come from: the version of the generation the home's `compat` names. */
function caller(io: CliIo, config: Pick<ConfigToml, 'compat'>): { originator: string; userAgent: string } {
  return { originator: LOGIN_ORIGINATOR, userAgent: codexUserAgent(LOGIN_ORIGINATOR, PROFILE_FACTS[config.compat ?? DEFAULT_COMPAT].cliVersion, io.env) };
}

export async function loginCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, LOGIN_OPTIONS, LOGIN_HELP, io);
  if (parsed === undefined) return 0;
  const [sub, ...rest] = parsed.positionals;
  if (rest.length > 0 || (sub !== undefined && sub !== 'status')) throw new UsageError(`unexpected argument \`${sub === 'status' ? rest[0] : sub}\``);
  const { config, ...place } = await placeOf(parsed.values, io);
  const { home, store } = place;
  if (sub === 'status') return printStatus(place, io);
  if (parsed.values['with-api-key'] === true) {
    const key = ((await io.readStdin?.()) ?? '').trim();
    if (key === '') throw new UsageError('no API key on stdin: pipe it in, e.g. `printenv OPENAI_API_KEY | weft login --with-api-key`');
    await writeAuth(place, apiKeyFile(key));
    io.stderr('Signed in with an API key.');
    return 0;
  }
  const trust = caTrust(io.env);
  if (parsed.values['with-access-token'] === true) {
    const token = ((await io.readStdin?.()) ?? '').trim();
    if (token === '') {
      io.stderr('No access token on stdin: pipe it in, e.g. `printenv CODEX_ACCESS_TOKEN | weft login --with-access-token`.');
      return 1;
    }
    const { verifyAgentIdentity } = await import('../auth/agent-identity.js');
    const who = caller(io, config);
    await verifyAgentIdentity({ token, chatgptBaseUrl: config.chatgpt_base_url ?? DEFAULT_CHATGPT_BASE_URL, headers: [['originator', who.originator], ['user-agent', who.userAgent]], trust });
    await writeAuth(place, agentIdentityFile(token));
    io.stderr('Signed in with an agent identity.');
    return 0;
  }
  if (parsed.values['device-auth'] === true) {
    const issuer = stringValue(parsed.values.experimental_issuer) ?? stringValue(parsed.values['experimental-issuer']) ?? DEFAULT_ISSUER;
    const { deviceLogin } = await import('../auth/device-login.js');
    await deviceLogin({
      home,
      store,
      issuer,
      trust,
      show: (url, code) => {
        io.stderr(`To sign in with ChatGPT, open ${url} in a browser and enter this code (it expires in 15 minutes):`);
        io.stderr(`  ${code}`);
        io.stderr('Enter it only if you started this sign-in yourself.');
      },
    });
    io.stderr('Signed in with ChatGPT.');
    return 0;
  }
  const { startBrowserLogin } = await import('../auth/browser-login.js');
  const login = await startBrowserLogin({ home, store, trust, originator: LOGIN_ORIGINATOR });
  io.stderr(`To sign in with ChatGPT, open this URL in a browser:\n${login.authorizeUrl}`);
  io.stderr(`(waiting for the browser on 127.0.0.1:${login.port}; on a machine without one, use \`weft login --device-auth\`)`);
  await login.completed;
  io.stderr('Signed in with ChatGPT.');
  return 0;
}

function printStatus(place: AuthPlace, io: CliIo): number {
  const status = loginStatus(place, io.env);
  switch (status.kind) {
    case 'none':
      io.stderr('Not signed in.');
      return 1;
    case 'apikey':
      io.stderr(`Signed in with an API key: ${status.masked}`);
      return 0;
    case 'agentIdentity':
      io.stderr(`Signed in with an agent identity${status.email ? ` for ${status.email}` : ''}${status.plan ? ` (${status.plan} plan)` : ''}.`);
      return 0;
    case 'chatgpt':
      io.stderr(`Signed in with ChatGPT${status.email ? ` as ${status.email}` : ''}${status.plan ? ` (${status.plan} plan)` : ''}.`);
      return 0;
  }
}

export async function logoutCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, {}, LOGOUT_HELP, io);
  if (parsed === undefined) return 0;
  if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument \`${parsed.positionals[0] ?? ''}\``);
  const { logout } = await import('../auth/revoke.js');
  const { config, ...place } = await placeOf(parsed.values, io);
  const removed = await logout({ ...place, env: io.env, trust: caTrust(io.env), caller: caller(io, config) });
  io.stderr(removed ? 'Signed out.' : 'Not signed in.');
  return 0;
}
