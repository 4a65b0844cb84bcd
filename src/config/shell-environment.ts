// The environment a model's command starts from: config `[shell_environment_policy]` applied to the
// process's environment, in Codex's order (checked against the real 0.98 and 0.169 binaries):
//   1. start from all variables, the core ones, or none (`inherit`, default all);
//   2. unless `ignore_default_excludes` is false (its default is true), keep the names holding
//      KEY, SECRET or TOKEN; when false, drop them;
//   3. drop what `exclude` matches;
//   4. add `set`;
//   5. with `include_only`, keep only what it matches.
// Patterns are globs (`*`, `?`) matched against the whole name, ignoring case.
//
// Where weft is stricter than Codex: the variables weft itself reads credentials from (each
// provider's `env_key` and `env_http_headers`, OPENAI_API_KEY, CODEX_API_KEY, CODEX_ACCESS_TOKEN,
// ANTHROPIC_API_KEY, the MCP servers' bearer variables, the app-server's WebSocket token) are dropped
// after step 1 whatever `inherit` says, so a model talked into running `env` cannot read them. The
// user keeps one by saying so: naming it exactly (no wildcard) in `include_only`, or giving it in `set`.
import type { ConfigToml, ShellEnvironmentPolicyToml } from '../../protocol/config.js';

type Env = Readonly<Record<string, string | undefined>>;

const CORE_VARIABLES = new Set(['HOME', 'LOGNAME', 'PATH', 'SHELL', 'USER', 'USERNAME', 'TMPDIR', 'TEMP', 'TMP']);
const DEFAULT_EXCLUDES = ['*KEY*', '*SECRET*', '*TOKEN*'];

/** Credentials weft reads whatever the config says. */
const WEFT_CREDENTIAL_VARIABLES = ['OPENAI_API_KEY', 'CODEX_API_KEY', 'CODEX_ACCESS_TOKEN', 'ANTHROPIC_API_KEY', 'WEFT_APP_SERVER_WS_TOKEN'];

/** A glob of `*` and `?` as a whole-name, case-insensitive matcher; linear in the name's length. */
export function globMatcher(pattern: string): (name: string) => boolean {
  const p = pattern.toUpperCase();
  return (raw) => {
    const name = raw.toUpperCase();
    // Iterative wildcard matching with one backtrack point (the last `*`): O(|p|·|name|) worst case.
    let pi = 0;
    let ni = 0;
    let star = -1;
    let mark = 0;
    while (ni < name.length) {
      if (pi < p.length && (p[pi] === '?' || p[pi] === name[ni])) {
        pi++;
        ni++;
      } else if (pi < p.length && p[pi] === '*') {
        star = pi++;
        mark = ni;
      } else if (star >= 0) {
        pi = star + 1;
        ni = ++mark;
      } else {
        return false;
      }
    }
    while (pi < p.length && p[pi] === '*') pi++;
    return pi === p.length;
  };
}

function anyOf(patterns: readonly string[]): (name: string) => boolean {
  const matchers = patterns.map(globMatcher);
  return (name) => matchers.some((m) => m(name));
}

/** The variables weft reads credentials from under this config. */
export function credentialVariables(config: ConfigToml): Set<string> {
  const names = new Set(WEFT_CREDENTIAL_VARIABLES);
  for (const provider of Object.values(config.model_providers ?? {})) {
    if (provider.env_key) names.add(provider.env_key);
    for (const variable of Object.values(provider.env_http_headers ?? {})) names.add(variable);
  }
  for (const server of Object.values(config.mcp_servers ?? {})) {
    if (server.bearer_token_env_var) names.add(server.bearer_token_env_var);
    for (const variable of Object.values(server.env_http_headers ?? {})) names.add(variable);
  }
  return names;
}

export function commandEnvironment(env: Env, policy: ShellEnvironmentPolicyToml | undefined, credentials: ReadonlySet<string>): Record<string, string> {
  const inherit = policy?.inherit ?? 'all';
  const out = new Map<string, string>();
  if (inherit !== 'none') {
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined) continue;
      if (inherit === 'core' && !CORE_VARIABLES.has(name)) continue;
      out.set(name, value);
    }
  }
  const includeOnly = policy?.include_only ?? [];
  const namedExactly = new Set(includeOnly.filter((p) => !/[*?]/.test(p)).map((p) => p.toUpperCase()));
  for (const name of [...out.keys()]) {
    if (credentials.has(name) && !namedExactly.has(name.toUpperCase())) out.delete(name);
  }
  if (policy?.ignore_default_excludes === false) {
    const excluded = anyOf(DEFAULT_EXCLUDES);
    for (const name of [...out.keys()]) if (excluded(name)) out.delete(name);
  }
  if (policy?.exclude && policy.exclude.length > 0) {
    const excluded = anyOf(policy.exclude);
    for (const name of [...out.keys()]) if (excluded(name)) out.delete(name);
  }
  for (const [name, value] of Object.entries(policy?.set ?? {})) out.set(name, value);
  if (includeOnly.length > 0) {
    const kept = anyOf(includeOnly);
    for (const name of [...out.keys()]) if (!kept(name)) out.delete(name);
  }
  return Object.fromEntries(out);
}
