// A model provider as the client needs it (Codex's `[model_providers.<id>]`), and where its API key
// comes from.
import type { CaTrust } from '../auth/ca-trust.js';
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
  /**
   * A credential worked out per request (a ChatGPT sign-in, src/auth/): it names the bearer, the
   * extra headers and the base URL of each request, and what to do after a 401.
   */
  auth?: ProviderAuth;
  /**
   * The scheme of the `Authorization` header the key goes in: `Bearer` unless a per-request
   * credential says otherwise (an agent identity's `AgentAssertion`, src/auth/agent-task.ts).
   */
  authScheme?: string;
  /** Request bodies go out compressed (`Content-Encoding: zstd`), as Codex sends them to the ChatGPT backend. */
  compressRequests?: 'zstd';
  /** The certificate authorities an HTTPS connection trusts beyond the system's (CODEX_CA_CERTIFICATE, SSL_CERT_FILE). */
  trust?: CaTrust;
}

/** What one request carries from a per-request credential. */
export interface PreparedAuth {
  readonly bearer: string;
  /** The `Authorization` scheme the bearer goes with (`Bearer` when absent). */
  readonly scheme?: string | undefined;
  /** Headers beside Authorization (`chatgpt-account-id`). */
  readonly headers: Readonly<Record<string, string>>;
  /** Where the request goes instead of the provider's base URL (the account's workspace). */
  readonly baseUrl?: string | undefined;
}

export interface ProviderAuth {
  /** The credential of the next request, renewed first when due. */
  prepare(): Promise<PreparedAuth>;
  /** One request's way back from a 401: each `next()` says whether sending it again is worth it. */
  recovery(): { next(): Promise<boolean> };
  /** Strings no message may show. */
  secrets(): readonly string[];
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
  // A per-request credential is laid on the provider as `apiKey` when its request is prepared.
  if (provider.auth) return undefined;
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

/** The provider with its per-request credential laid on it (for a one-shot request: remote compaction). */
export async function preparedProvider(provider: ProviderSettings): Promise<ProviderSettings> {
  if (!provider.auth) return provider;
  const prepared = await provider.auth.prepare();
  return {
    ...provider,
    apiKey: prepared.bearer,
    ...(prepared.scheme !== undefined ? { authScheme: prepared.scheme } : {}),
    headers: { ...provider.headers, ...prepared.headers },
    ...(prepared.baseUrl !== undefined ? { baseUrl: prepared.baseUrl } : {}),
  };
}

/** The `Authorization` value of a key under the provider's scheme. */
export function authorizationOf(provider: Pick<ProviderSettings, 'authScheme'>, apiKey: string): string {
  return `${provider.authScheme ?? 'Bearer'} ${apiKey}`;
}
