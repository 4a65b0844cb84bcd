// config.toml: the keys weft reads, with Codex's names and meanings. Unknown keys are reported by
// the loader (a warning), so the schema lists every key weft understands.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { PluginConfigEntry } from './plugins.js';

export const ApprovalPolicy = lazySchema(() => z.enum(['untrusted', 'on-failure', 'on-request', 'never']));
export type ApprovalPolicy = z.infer<typeof ApprovalPolicy>;

export const SandboxMode = lazySchema(() => z.enum(['read-only', 'workspace-write', 'danger-full-access']));
export type SandboxMode = z.infer<typeof SandboxMode>;

export const Personality = lazySchema(() => z.enum(['none', 'friendly', 'pragmatic']));
export type Personality = z.infer<typeof Personality>;

export const WireApi = lazySchema(() => z.enum(['responses', 'chat', 'anthropic']));
export type WireApi = z.infer<typeof WireApi>;

/**
 * The generations weft speaks, oldest first. A release that only changes data over the one before it
 * is added here and as a delta (src/profile/deltas/); see docs/releases.md.
 */
export const COMPAT_PROFILE_NAMES = ['codex-0.98', 'codex-0.169', 'codex-0.171'] as const;

export const CompatProfileName = lazySchema(() => z.enum(COMPAT_PROFILE_NAMES));
export type CompatProfileName = z.infer<typeof CompatProfileName>;

export const ModelProviderToml = lazySchema(() =>
  z.strictObject({
    name: z.string().optional(),
    base_url: z.string().optional(),
    env_key: z.string().optional(),
    env_key_instructions: z.string().optional(),
    wire_api: WireApi.optional(),
    query_params: z.record(z.string(), z.string()).optional(),
    http_headers: z.record(z.string(), z.string()).optional(),
    env_http_headers: z.record(z.string(), z.string()).optional(),
    request_max_retries: z.number().int().nonnegative().optional(),
    stream_max_retries: z.number().int().nonnegative().optional(),
    stream_idle_timeout_ms: z.number().int().positive().optional(),
    requires_openai_auth: z.boolean().optional(),
  }),
);
export type ModelProviderToml = z.infer<typeof ModelProviderToml>;

export const SandboxWorkspaceWriteToml = lazySchema(() =>
  z.strictObject({
    writable_roots: z.array(z.string()).optional(),
    network_access: z.boolean().optional(),
    exclude_tmpdir_env_var: z.boolean().optional(),
    exclude_slash_tmp: z.boolean().optional(),
  }),
);

/**
 * `[shell_environment_policy]`: the environment a model's command starts from (Codex's keys; each
 * pattern a case-insensitive glob with `*` and `?`). Inherit all, core (HOME, LOGNAME, PATH, SHELL,
 * USER, USERNAME, TMPDIR, TEMP, TMP) or none; unless `ignore_default_excludes = false` (Codex's
 * default is true), names holding KEY, SECRET or TOKEN stay; `exclude` removes, `set` adds,
 * `include_only` keeps only what matches. `experimental_use_profile` is accepted as Codex accepts it.
 */
export const ShellEnvironmentPolicyToml = lazySchema(() =>
  z.strictObject({
    inherit: z.enum(['core', 'all', 'none']).optional(),
    ignore_default_excludes: z.boolean().optional(),
    exclude: z.array(z.string()).optional(),
    set: z.record(z.string(), z.string()).optional(),
    include_only: z.array(z.string()).optional(),
    experimental_use_profile: z.boolean().optional(),
  }),
);
export type ShellEnvironmentPolicyToml = z.infer<typeof ShellEnvironmentPolicyToml>;

/**
 * `[mcp_servers.<name>]`: an MCP server started over stdio (`command`, `args`, `env`, `cwd`) or
 * reached over streamable HTTP (`url`, a bearer token read from the variable `bearer_token_env_var`).
 */
export const McpServerToml = lazySchema(() =>
  z.strictObject({
    command: z.string().optional(),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    env_vars: z.array(z.string()).optional(),
    cwd: z.string().optional(),
    url: z.string().optional(),
    bearer_token_env_var: z.string().optional(),
    http_headers: z.record(z.string(), z.string()).optional(),
    env_http_headers: z.record(z.string(), z.string()).optional(),
    enabled: z.boolean().optional(),
    required: z.boolean().optional(),
    startup_timeout_sec: z.number().positive().optional(),
    startup_timeout_ms: z.number().int().positive().optional(),
    tool_timeout_sec: z.number().positive().optional(),
    enabled_tools: z.array(z.string()).optional(),
    disabled_tools: z.array(z.string()).optional(),
    /** OAuth scopes `weft mcp login` asks for (streamable HTTP servers). */
    scopes: z.array(z.string()).optional(),
    /** The RFC 8707 `resource` added to the authorization URL. */
    oauth_resource: z.string().optional(),
  })
  .refine((s) => (s.command === undefined) !== (s.url === undefined), {
    message: 'an MCP server needs exactly one of `command` (stdio) or `url` (streamable HTTP)',
  }));
export type McpServerToml = z.infer<typeof McpServerToml>;

// Every key's schema is built when a config first holds the key: a config names a handful of the
// keys below, and validating one (configTomlFor) builds only theirs.

/** The settings a `[profiles.<name>]` table may override (Codex's named profiles). */
const SETTINGS_FIELDS = {
  model: lazySchema(() => z.string().optional()),
  model_provider: lazySchema(() => z.string().optional()),
  approval_policy: lazySchema(() => ApprovalPolicy.optional()),
  sandbox_mode: lazySchema(() => SandboxMode.optional()),
  model_reasoning_effort: lazySchema(() => z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh']).optional()),
  model_reasoning_summary: lazySchema(() => z.enum(['auto', 'concise', 'detailed', 'none']).optional()),
  model_verbosity: lazySchema(() => z.enum(['low', 'medium', 'high']).optional()),
  personality: lazySchema(() => Personality.optional()),
  developer_instructions: lazySchema(() => z.string().optional()),
  model_instructions_file: lazySchema(() => z.string().optional()),
  /** Codex's web search tool: absent, `live` with full access, else `cached`. */
  web_search: lazySchema(() => z.enum(['disabled', 'cached', 'live', 'indexed']).optional()),
  /** The local provider `--oss` uses when `--local-provider` names none: `lmstudio` or `ollama`. */
  oss_provider: lazySchema(() => z.enum(['lmstudio', 'ollama']).optional()),
};

export const ProfileToml = lazySchema(() => z.strictObject(SETTINGS_FIELDS));

/**
 * `thread_store`: `files`, or a PostgreSQL connection URL (`postgres://` or `postgresql://`). The
 * messages never repeat the value: a URL may carry a password.
 */
export const ThreadStoreSetting = lazySchema(() =>
  z.string().refine((value) => value === 'files' || /^postgres(ql)?:\/\/[^\s]+$/.test(value), {
    message: 'thread_store must be "files" or a postgres://user:password@host:port/database URL',
  }),
);

const CONFIG_TOML_FIELDS = {
  ...SETTINGS_FIELDS,
  model_providers: lazySchema(() => z.record(z.string(), ModelProviderToml).optional()),
  /** The built-in `openai` provider's base URL (Codex 0.169's key; `OPENAI_BASE_URL` wins over it). */
  openai_base_url: lazySchema(() => z.string().url().optional()),
  /** Where the ChatGPT backend is reached when signed in with ChatGPT (workspace routing; Codex's default `https://chatgpt.com/backend-api/`). */
  chatgpt_base_url: lazySchema(() => z.string().url().optional()),
  /** Where the sign-in is kept: auth.json (`file`, the default), the OS keyring (`keyring`), or the keyring with the file as fallback (`auto`); `ephemeral` is not supported (src/auth/auth-store.ts). */
  cli_auth_credentials_store: lazySchema(() => z.enum(['file', 'keyring', 'auto', 'ephemeral']).optional()),
  sandbox_workspace_write: lazySchema(() => SandboxWorkspaceWriteToml.optional()),
  shell_environment_policy: lazySchema(() => ShellEnvironmentPolicyToml.optional()),
  instructions: lazySchema(() => z.string().optional()),
  features: lazySchema(() => z.record(z.string(), z.boolean()).optional()),
  /** `[tools] web_search = true`: the older switch for live web search. */
  tools: lazySchema(() => z.strictObject({ web_search: z.boolean().optional() }).optional()),
  project_doc_max_bytes: lazySchema(() => z.number().int().nonnegative().optional()),
  project_doc_fallback_filenames: lazySchema(() => z.array(z.string()).optional()),
  model_auto_compact_token_limit: lazySchema(() => z.number().int().positive().optional()),
  model_context_window: lazySchema(() => z.number().int().positive().optional()),
  compact_prompt: lazySchema(() => z.string().optional()),
  profile: lazySchema(() => z.string().optional()),
  profiles: lazySchema(() => z.record(z.string(), ProfileToml).optional()),
  pack: lazySchema(() => z.string().optional()),
  compat: lazySchema(() => CompatProfileName.optional()),
  /** Where threads are kept: `files` (the home's rollouts, the default) or a `postgres://…` URL. */
  thread_store: lazySchema(() => ThreadStoreSetting.optional()),
  extensions: lazySchema(() => z.array(z.string()).optional()),
  mcp_servers: lazySchema(() => z.record(z.string(), McpServerToml).optional()),
  /** Where MCP OAuth tokens are kept: weft has only Codex's file store (`auto` means it). */
  mcp_oauth_credentials_store: lazySchema(() => z.enum(['auto', 'file', 'keyring']).optional()),
  /** A fixed port for the OAuth callback listener on 127.0.0.1 (default: any free port). */
  mcp_oauth_callback_port: lazySchema(() => z.number().int().min(1).max(65535).optional()),
  /** A redirect URL to register instead of the local listener's own (its path is served locally). */
  mcp_oauth_callback_url: lazySchema(() => z.string().url().optional()),
  /** Marketplaces added with `marketplace/add` (read by src/plugins/ as MarketplaceConfigEntry; kinds weft does not know are kept and skipped there). */
  marketplaces: lazySchema(() => z.record(z.string(), z.looseObject({})).optional()),
  /** Installed plugins by `<name>@<marketplace>`, each switched on or off. */
  plugins: lazySchema(() => z.record(z.string(), PluginConfigEntry).optional()),
};

export const ConfigToml = lazySchema(() => z.strictObject(CONFIG_TOML_FIELDS));

/**
 * ConfigToml for a config holding `keys`: the same checks of those keys, in ConfigToml's order, and
 * any other key unrecognized, as ConfigToml finds them (the keys it lacks are all optional), with
 * only the schemas of the keys present built.
 */
export function configTomlFor(keys: Iterable<string>): z.ZodType<ConfigToml> {
  const present = new Set(keys);
  const shape = Object.fromEntries(Object.entries(CONFIG_TOML_FIELDS).filter(([key]) => present.has(key)));
  return z.strictObject(shape) as unknown as z.ZodType<ConfigToml>;
}
export type ConfigToml = z.infer<typeof ConfigToml>;
