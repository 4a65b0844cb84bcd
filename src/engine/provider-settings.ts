// The model provider a thread talks to: `model_provider` picks an entry of `[model_providers.*]`
// or a built-in one; weft knows `openai` (the Responses API with OPENAI_API_KEY) and Codex's two
// local ones for `--oss`, `lmstudio` and `ollama` (no key; on this machine unless CODEX_OSS_BASE_URL
// or CODEX_OSS_PORT moves them, as in Codex).
import type { ConfigToml } from '../../protocol/config.js';
import type { ProviderSettings } from '../client/provider.js';
import { ConfigError } from '../errors.js';

const BUILT_IN: Record<string, ProviderSettings> = {
  openai: { name: 'OpenAI', baseUrl: 'https://api.openai.com/v1', envKey: 'OPENAI_API_KEY', wireApi: 'responses' },
  lmstudio: { name: 'gpt-oss', baseUrl: 'http://localhost:1234/v1', wireApi: 'responses' },
  ollama: { name: 'gpt-oss', baseUrl: 'http://localhost:11434/v1', wireApi: 'responses' },
};

/** The model `--oss` picks on each local provider when none is given. */
export const OSS_DEFAULT_MODELS: Readonly<Record<string, string>> = { lmstudio: 'openai/gpt-oss-20b', ollama: 'gpt-oss:20b' };

/** Where a local provider is reached: CODEX_OSS_BASE_URL, else its usual address on CODEX_OSS_PORT. */
function localBaseUrl(builtIn: ProviderSettings, env: Readonly<Record<string, string | undefined>>): string {
  if (env.CODEX_OSS_BASE_URL) return env.CODEX_OSS_BASE_URL;
  const port = env.CODEX_OSS_PORT;
  return port && /^\d+$/.test(port) ? builtIn.baseUrl.replace(/:\d+\//, `:${port}/`) : builtIn.baseUrl;
}

/** True when `id` names a provider this configuration can use: a `[model_providers.ID]` table, or a built-in one. */
export function providerConfigured(config: ConfigToml, id: string): boolean {
  return config.model_providers?.[id] !== undefined || Object.hasOwn(BUILT_IN, id);
}

export function providerId(config: ConfigToml): string {
  return config.model_provider ?? 'openai';
}

export function providerSettings(config: ConfigToml, configFile: string, env: Readonly<Record<string, string | undefined>>): ProviderSettings {
  const id = providerId(config);
  const entry = config.model_providers?.[id];
  if (entry === undefined) {
    const builtIn = BUILT_IN[id];
    if (builtIn && id !== 'openai') return { ...builtIn, baseUrl: localBaseUrl(builtIn, env) };
    if (builtIn) return { ...builtIn, baseUrl: openAiBaseUrl(config, env) ?? builtIn.baseUrl };
    throw new ConfigError(`${configFile}: model_provider \`${id}\` has no [model_providers.${id}] table`, configFile, 'model_provider');
  }
  if (!entry.base_url) {
    throw new ConfigError(`${configFile}: [model_providers.${id}] needs a base_url`, configFile, `model_providers.${id}.base_url`);
  }
  const headers = { ...entry.http_headers, ...envHeaders(entry.env_http_headers, env) };
  return {
    name: entry.name ?? id,
    baseUrl: entry.base_url,
    ...(entry.env_key ? { envKey: entry.env_key } : {}),
    ...(entry.env_key_instructions ? { envKeyInstructions: entry.env_key_instructions } : {}),
    ...(entry.requires_openai_auth ? { requiresOpenAiAuth: true } : {}),
    wireApi: entry.wire_api ?? 'responses',
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(entry.query_params ? { queryParams: entry.query_params } : {}),
    ...(entry.request_max_retries !== undefined ? { requestMaxRetries: entry.request_max_retries } : {}),
    ...(entry.stream_max_retries !== undefined ? { streamMaxRetries: entry.stream_max_retries } : {}),
    ...(entry.stream_idle_timeout_ms !== undefined ? { streamIdleTimeoutMs: entry.stream_idle_timeout_ms } : {}),
  };
}

/**
 * Where the built-in provider is reached when it is moved: config `openai_base_url` (Codex 0.169,
 * which no longer reads the variable), else `OPENAI_BASE_URL` (Codex 0.98, kept by weft under both).
 */
export function openAiBaseUrl(config: ConfigToml, env: Readonly<Record<string, string | undefined>>): string | undefined {
  return config.openai_base_url ?? (env.OPENAI_BASE_URL || undefined);
}

/** `env_http_headers`: header name → environment variable; a variable unset or empty sends no header. */
function envHeaders(names: Readonly<Record<string, string>> | undefined, env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [header, variable] of Object.entries(names ?? {})) {
    const value = env[variable];
    if (value) headers[header] = value;
  }
  return headers;
}
