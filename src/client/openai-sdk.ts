// Building the openai SDK client for a provider. Everything is passed explicitly so that nothing is
// picked up from the environment behind the caller's back: the SDK would otherwise read
// OPENAI_API_KEY, OPENAI_ADMIN_KEY, OPENAI_ORG_ID and OPENAI_PROJECT_ID, and could send a real key
// to a mock or a third-party provider. The SDK is loaded with the first request: a process that only
// lists or reads threads never needs it (its error classes come from the light 'openai/core/error').
import type { OpenAI } from 'openai';
import { httpsAgentFor } from '../auth/ca-trust.js';
import { uploadingFetchWith } from './body-upload.js';
import { requestSecrets } from './api-errors.js';
import { jsonBody, type JsonBody } from './json-body.js';
import { authorizationOf, providerEndpoint, resolveApiKey, type ProviderSettings } from './provider.js';

// The SDK refuses to start without a credential; a provider without a key gets this placeholder and
// its Authorization header is removed per request (see requestHeaders).
const NO_KEY_PLACEHOLDER = 'weft-no-api-key';

async function openAiClientFor(provider: ProviderSettings, apiKey: string | undefined): Promise<OpenAI> {
  const { OpenAI } = await import('openai');
  return new OpenAI({
    baseURL: provider.baseUrl,
    ...(provider.queryParams ? { defaultQuery: provider.queryParams } : {}),
    apiKey: apiKey ?? NO_KEY_PLACEHOLDER,
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    // weft retries itself: the SDK must not retry behind its back (it would also resend silently).
    maxRetries: 0,
    // The SDK logs malformed SSE data to the console; weft reports it as an ApiError instead.
    logLevel: 'off',
    // Bodies go out with reused buffers (a resumed history can be hundreds of MB).
    fetch: uploadingFetchWith(provider.trust ? httpsAgentFor(provider.trust) : undefined),
  });
}

const SDK_OWN_HEADERS: Record<string, null> = Object.fromEntries(
  ['arch', 'lang', 'os', 'package-version', 'retry-count', 'runtime', 'runtime-version', 'timeout'].map((name) => [`X-Stainless-${name}`, null]),
);

/**
 * Per-request headers: the provider's, then the caller's, then what the body needs. A null value
 * deletes a header the SDK would add.
 */
export function requestHeaders(
  provider: ProviderSettings,
  apiKey: string | undefined,
  accept: string,
  extra?: Record<string, string>,
): Record<string, string | null> {
  return {
    // The SDK describes itself in headers of its own; Codex sends none of them.
    ...SDK_OWN_HEADERS,
    ...provider.headers,
    ...extra,
    // The body is already serialized (bytes); the SDK would otherwise guess its type.
    'Content-Type': 'application/json',
    Accept: accept,
    ...(apiKey === undefined ? { Authorization: null } : provider.authScheme !== undefined ? { Authorization: authorizationOf(provider, apiKey) } : {}),
  };
}

/** What every POST to a provider needs before it is sent, through the SDK or not. */
export interface RequestParts {
  /** The provider's key, when it has one. */
  readonly apiKey: string | undefined;
  /** What to remove from this request's error texts (see requestSecrets). */
  readonly secrets: readonly string[];
  /** The serialized body; each attempt sends `payload.stream()` (a retry resends the same bytes). */
  readonly payload: JsonBody;
  readonly headers: Record<string, string | null>;
  /** `<provider>: POST <url>`, the prefix of every error about this request. */
  readonly what: string;
}

export interface PreparedRequest extends RequestParts {
  readonly client: OpenAI;
}

/** Key, the body serialized once, headers. */
export function requestParts(
  opts: { provider: ProviderSettings; body: unknown; env?: Readonly<Record<string, string | undefined>>; headers?: Record<string, string> },
  path: string,
  accept: string,
): RequestParts {
  const { provider } = opts;
  const apiKey = resolveApiKey(provider, opts.env ?? process.env);
  const payload = jsonBody(opts.body);
  return {
    apiKey,
    secrets: requestSecrets(provider, apiKey),
    payload,
    // A streamed body would otherwise go out chunked; its length is known, and some servers want it.
    headers: { ...requestHeaders(provider, apiKey, accept, opts.headers), 'Content-Length': String(payload.byteLength) },
    what: `${provider.name}: POST ${providerEndpoint(provider, path)}`,
  };
}

/** What every POST through the SDK starts from: the request's parts and a client. */
export async function prepareRequest(
  opts: { provider: ProviderSettings; body: unknown; env?: Readonly<Record<string, string | undefined>>; headers?: Record<string, string> },
  path: string,
  accept: string,
): Promise<PreparedRequest> {
  const parts = requestParts(opts, path, accept);
  return { ...parts, client: await openAiClientFor(opts.provider, parts.apiKey) };
}
