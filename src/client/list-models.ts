// The service's model catalog: `GET {base_url}/models?client_version=X`, as Codex 0.98 asks for it
// before its first request. Bounded by a short timeout, because a start-up must not wait on it.
import { ModelsResponse } from '../../protocol/models-cache.js';
import { ApiError } from '../errors.js';
import { netFetch } from '../net/net-fetch.js';
import { requestSecrets, scrub } from './api-errors.js';
import { providerEndpoint, providerUrl, type ProviderSettings } from './provider.js';

/** Codex gives the catalog request five seconds. */
export const LIST_MODELS_TIMEOUT_MS = 5_000;

export interface ListedModels {
  readonly models: readonly unknown[];
  /** The answer's `ETag`, when it had one that is not empty. */
  readonly etag: string | undefined;
}

/**
 * @throws ApiError for an answer that is not 2xx or not a catalog, a network failure or the timeout
 *   (the message never shows the key).
 */
export async function listModels(
  provider: ProviderSettings,
  clientVersion: string,
  // The key is optional here: Codex asks for the catalog with whatever credential it has, or none.
  opts: { apiKey?: string | undefined; timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<ListedModels> {
  const apiKey = opts.apiKey;
  const secrets = requestSecrets(provider, apiKey);
  const base = providerUrl(provider, '/models');
  const url = `${base}${base.includes('?') ? '&' : '?'}client_version=${encodeURIComponent(clientVersion)}`;
  const what = `${provider.name}: GET ${providerEndpoint(provider, '/models')}`;
  const headers: Record<string, string> = { ...provider.headers, ...(apiKey !== undefined ? { Authorization: `Bearer ${apiKey}` } : {}) };
  let res: Response;
  try {
    res = await (opts.fetchImpl ?? netFetch)(url, { headers, signal: AbortSignal.timeout(opts.timeoutMs ?? LIST_MODELS_TIMEOUT_MS) });
  } catch (err) {
    const reason = err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : String((err as { cause?: unknown })?.cause ?? err);
    throw new ApiError(scrub(`${what}: ${reason}`, secrets));
  }
  const text = await res.text();
  if (!res.ok) throw new ApiError(scrub(`${what}: HTTP ${res.status}`, secrets), res.status);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(`${what}: the answer is not JSON`);
  }
  const catalog = ModelsResponse.safeParse(parsed);
  if (!catalog.success) throw new ApiError(`${what}: the answer has no \`models\` list`);
  const etag = res.headers.get('etag') ?? '';
  return { models: catalog.data.models, etag: etag === '' ? undefined : etag };
}
