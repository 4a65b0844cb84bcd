// A model provider as the client needs it (Codex's `[model_providers.<id>]`), and where its API key
// comes from.
import { MissingApiKeyError } from '../errors.js';
import type { LongStringCache } from '../bytes/long-string-cache.js';

export type WireApi = 'responses' | 'chat' | 'anthropic';

export interface ProviderSettings {
  /** Display name; `openai` (any case) marks the built-in OpenAI provider. */
  name: string;
  /** Ends before `/responses`, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /** A key given directly (library use); wins over `envKey`. */
  apiKey?: string;
  /** The environment variable holding the key (`env_key`). */
  envKey?: string;
  /** How to get a key, added to the error when it is missing (`env_key_instructions`). */
  envKeyInstructions?: string;
  /** The provider takes OpenAI's credentials (`requires_openai_auth`): OPENAI_API_KEY unless `envKey`. */
  requiresOpenAiAuth?: boolean;
  wireApi: WireApi;
  /** Extra HTTP headers sent with every request (`http_headers`, and `env_http_headers` resolved). */
  headers?: Record<string, string>;
  /** Query parameters added to every request URL (`query_params`, e.g. Azure's `api-version`). */
  queryParams?: Record<string, string>;
  /** Retries of a failed HTTP request (429, 5xx, connection error); Codex's default is 4. */
  requestMaxRetries?: number;
  /** Retries of a stream that broke before `response.completed`; Codex's default is 5. */
  streamMaxRetries?: number;
  /** An attempt that receives nothing for this long is a broken stream (`stream_idle_timeout_ms`). */
  streamIdleTimeoutMs?: number;
}

/** How a failed request is sent again (see retry-policy.ts). */
export interface RetryOptions {
  /** Stream attempts in all, the first one included (1 + `stream_max_retries`). */
  maxAttempts: number;
  /**
   * Within one stream attempt, how often a request that got no stream (a 5xx answer, a lost
   * connection) is sent again at once, silently (`request_max_retries`). Absent: 0.
   */
  requestRetries?: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export type Env = Readonly<Record<string, string | undefined>>;

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function isDefaultOpenAiProvider(provider: ProviderSettings): boolean {
  return provider.name.toLowerCase() === 'openai';
}

/** The variable a provider reads its key from, if it needs one. */
export function apiKeyEnvVar(provider: ProviderSettings): string | undefined {
  if (provider.envKey) return provider.envKey;
  return isDefaultOpenAiProvider(provider) || provider.requiresOpenAiAuth ? 'OPENAI_API_KEY' : undefined;
}

export function isLocalProvider(provider: ProviderSettings): boolean {
  try {
    return LOCAL_HOSTS.has(new URL(provider.baseUrl).hostname);
  } catch {
    return false;
  }
}

/**
 * The API key to send, or undefined when the provider needs none: one without an env var (a local
 * model server), or one on localhost, since mock servers take no key.
 * @throws MissingApiKeyError naming the variable to set.
 */
export function resolveApiKey(provider: ProviderSettings, env: Env): string | undefined {
  if (provider.apiKey) return provider.apiKey;
  const variable = apiKeyEnvVar(provider);
  if (variable === undefined) return undefined;
  const value = env[variable];
  if (value !== undefined && value.trim() !== '') return value;
  if (isLocalProvider(provider)) return undefined;
  const how = provider.envKeyInstructions ? ` (${provider.envKeyInstructions})` : '';
  throw new MissingApiKeyError(`model provider '${provider.name}' needs an API key: set the environment variable ${variable}${how}`, variable);
}

/** What every model call takes: the provider, the body for its wire, and per-call settings. */
export interface WireCallOptions<Body> {
  provider: ProviderSettings;
  /** Sent exactly as given (serialized once). */
  body: Body;
  signal?: AbortSignal;
  /** Defaults to the provider's retry budgets (see retryOptionsFor). */
  retry?: RetryOptions;
  /** Extra headers for this request, over the provider's. */
  headers?: Record<string, string>;
  /** Where the API key's variable is read; process.env by default. */
  env?: Env;
  /** The thread's long strings, filled as they are read, for its rollout writer (a fresh one when absent). */
  longStrings?: LongStringCache | undefined;
}

/** `base_url` + `path`, without the query: what error messages name (a query may hold a credential). */
export function providerEndpoint(provider: ProviderSettings, path: string): string {
  return `${provider.baseUrl.replace(/\/+$/, '')}${path}`;
}

/** The URL a request goes to: the endpoint with the provider's query parameters. */
export function providerUrl(provider: ProviderSettings, path: string): string {
  const url = providerEndpoint(provider, path);
  const query = new URLSearchParams(provider.queryParams ?? {}).toString();
  return query === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
