// config.toml: the keys weft reads, with Codex's names and meanings. Unknown keys are reported by
// the loader (a warning), so the schema lists every key weft understands.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const ApprovalPolicy = lazySchema(() => z.enum(['untrusted', 'on-failure', 'on-request', 'never']));
export type ApprovalPolicy = z.infer<typeof ApprovalPolicy>;

export const SandboxMode = lazySchema(() => z.enum(['read-only', 'workspace-write', 'danger-full-access']));
export type SandboxMode = z.infer<typeof SandboxMode>;

export const Personality = lazySchema(() => z.enum(['none', 'friendly', 'pragmatic']));
export type Personality = z.infer<typeof Personality>;

export const WireApi = lazySchema(() => z.enum(['responses', 'chat', 'anthropic']));
export type WireApi = z.infer<typeof WireApi>;

export const CompatProfileName = lazySchema(() => z.enum(['codex-0.98', 'codex-0.169']));
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

/** The settings a `[profiles.<name>]` table may override (Codex's named profiles). */
const settingsShape = () => ({
  model: z.string().optional(),
  model_provider: z.string().optional(),
  approval_policy: ApprovalPolicy.optional(),
  sandbox_mode: SandboxMode.optional(),
  model_reasoning_effort: z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh']).optional(),
  model_reasoning_summary: z.enum(['auto', 'concise', 'detailed', 'none']).optional(),
  model_verbosity: z.enum(['low', 'medium', 'high']).optional(),
  personality: Personality.optional(),
  developer_instructions: z.string().optional(),
  model_instructions_file: z.string().optional(),
  /** Codex's web search tool: absent, `live` with full access, else `cached`. */
  web_search: z.enum(['disabled', 'cached', 'live']).optional(),
});

export const ProfileToml = lazySchema(() => z.strictObject(settingsShape()));

export const ConfigToml = lazySchema(() =>
  z.strictObject({
    ...settingsShape(),
    model_providers: z.record(z.string(), ModelProviderToml).optional(),
    /** The built-in `openai` provider's base URL (Codex 0.169's key; `OPENAI_BASE_URL` wins over it). */
    openai_base_url: z.string().url().optional(),
    sandbox_workspace_write: SandboxWorkspaceWriteToml.optional(),
    instructions: z.string().optional(),
    features: z.record(z.string(), z.boolean()).optional(),
    /** `[tools] web_search = true`: the older switch for live web search. */
    tools: z.strictObject({ web_search: z.boolean().optional() }).optional(),
    project_doc_max_bytes: z.number().int().nonnegative().optional(),
    project_doc_fallback_filenames: z.array(z.string()).optional(),
    model_auto_compact_token_limit: z.number().int().positive().optional(),
    model_context_window: z.number().int().positive().optional(),
    compact_prompt: z.string().optional(),
    profile: z.string().optional(),
    profiles: z.record(z.string(), ProfileToml).optional(),
    pack: z.string().optional(),
    compat: CompatProfileName.optional(),
    extensions: z.array(z.string()).optional(),
    mcp_servers: z.record(z.string(), McpServerToml).optional(),
    /** Where MCP OAuth tokens are kept: weft has only Codex's file store (`auto` means it). */
    mcp_oauth_credentials_store: z.enum(['auto', 'file', 'keyring']).optional(),
    /** A fixed port for the OAuth callback listener on 127.0.0.1 (default: any free port). */
    mcp_oauth_callback_port: z.number().int().min(1).max(65535).optional(),
    /** A redirect URL to register instead of the local listener's own (its path is served locally). */
    mcp_oauth_callback_url: z.string().url().optional(),
  }),
);
export type ConfigToml = z.infer<typeof ConfigToml>;
