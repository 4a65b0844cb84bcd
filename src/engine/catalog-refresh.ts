// Codex 0.98's catalog refresh: before its first request it asks the OpenAI service for the model
// catalog (`GET {base}/models?client_version=0.98.0`), unless a fresh copy is in the home, and lays
// the answer over its bundled catalog, model by model (an entry of 0.169's shape completed as 0.169
// reads it, so a served entry Codex takes is not dropped). The merged catalog then picks instructions,
// tools and context windows. Offline, the bundled catalog is used as it is, quietly.
//
// When: under a profile that refreshes (0.98; 0.169 only when signed in with ChatGPT), unless `[features] remote_models = false`, and only toward the built-in provider's
// service: the thread's provider is the built-in `openai`, or the built-in provider was moved with
// `OPENAI_BASE_URL` / `openai_base_url` (Codex asks that service whatever provider the thread
// uses). A custom provider with the built-in one left at api.openai.com is not asked: weft does not
// reach out to a service the user did not point it at.
//
// Later, each answer's `X-Models-Etag` header says which catalog version the service has: a new one
// is fetched before the answer is read on (the turn that got it keeps its settings; later turns use
// the new catalog), the held one renews the cache's time.
import type { ConfigToml } from '../../protocol/config.js';
import { ModelInfo, withParallelToolCallsOf0169 } from '../../protocol/model-catalog.js';
import { listModels } from '../client/list-models.js';
import type { Env, ProviderSettings } from '../client/provider.js';
import { loadFreshModels, persistModels, renewModelsCache } from './models-cache.js';
import { openAiBaseUrl, providerId, providerSettings } from './provider-settings.js';
import { listModelsSignedIn, type SignedInCatalog } from './signed-in-catalog.js';

export interface CatalogRefreshInput {
  readonly home: string;
  readonly config: ConfigToml;
  readonly configFile: string;
  readonly env: Env;
  /** The bundled catalog: the pack's models.json. */
  readonly bundled: readonly ModelInfo[];
  /** The whole version Codex reports (`0.98.0`). */
  readonly clientVersion: string;
  readonly fetchImpl?: typeof fetch;
  /** Signed in with ChatGPT: the request goes to this service with these credentials (see signed-in-catalog.ts). */
  readonly signedIn?: SignedInCatalog | undefined;
}

/** Whether the refresh asks the service at all (see the header). */
export function refreshesCatalog(config: ConfigToml, env: Env): boolean {
  if (config.features?.remote_models === false) return false;
  return providerId(config) === 'openai' || openAiBaseUrl(config, env) !== undefined;
}

/** A catalog with the version of the service's copy it holds (`undefined`: none, or no ETag). */
export interface RefreshedCatalog {
  readonly catalog: ModelInfo[];
  readonly etag: string | undefined;
}

/** The catalog after the refresh: the bundled one when nothing usable came back. Never throws. */
export async function refreshedCatalog(input: CatalogRefreshInput): Promise<RefreshedCatalog> {
  const cached = await loadFreshModels(input.home, input.clientVersion);
  if (cached && everyEntryReadable(cached.models)) return { catalog: mergeRemoteModels(input.bundled, cached.models), etag: cached.etag };
  return (await fetchedCatalog(input)) ?? { catalog: [...input.bundled], etag: undefined };
}

/**
 * Codex 0.98 on an answer's `X-Models-Etag`: the same version as the one it holds renews the cached
 * copy's time; another one (or none held) refetches the catalog at once. Returns the new catalog,
 * or undefined when it did not change (or the refetch failed, quietly, as the first one would).
 */
export async function catalogAfterModelsEtag(input: CatalogRefreshInput, held: string | undefined, served: string): Promise<RefreshedCatalog | undefined> {
  if (held !== undefined && held === served) {
    await renewModelsCache(input.home).catch(() => undefined);
    return undefined;
  }
  return fetchedCatalog(input);
}

/** Asks the service, keeps the answer in the home, lays it over the bundled catalog. */
async function fetchedCatalog(input: CatalogRefreshInput): Promise<RefreshedCatalog | undefined> {
  if (input.signedIn) {
    try {
      const listed = await listModelsSignedIn(input.signedIn, input.clientVersion);
      await persistModels(input.home, listed, input.clientVersion).catch(() => undefined);
      return { catalog: mergeRemoteModels(input.bundled, listed.models), etag: listed.etag };
    } catch {
      return undefined;
    }
  }
  let provider: ProviderSettings;
  try {
    provider = providerSettings({ ...input.config, model_provider: 'openai', model_providers: {} }, input.configFile, input.env);
  } catch {
    return undefined;
  }
  try {
    const listed = await listModels(provider, input.clientVersion, {
      apiKey: input.env.OPENAI_API_KEY || undefined,
      ...(input.fetchImpl ? { fetchImpl: input.fetchImpl } : {}),
    });
    await persistModels(input.home, listed, input.clientVersion).catch(() => undefined);
    return { catalog: mergeRemoteModels(input.bundled, listed.models), etag: listed.etag };
  } catch {
    return undefined;
  }
}

/**
 * Codex reads its cache file whole: one entry it cannot read makes the file unreadable, and the
 * catalog is fetched again. Codex 0.169 writes its entries without `base_instructions`, which it
 * then requires on reading, so it never answers from its own copy (observed: each run asks anew);
 * weft, sharing the home, does the same instead of dropping the entries it cannot read.
 */
function everyEntryReadable(models: readonly unknown[]): boolean {
  return models.every((entry) => ModelInfo.safeParse(withParallelToolCallsOf0169(entry)).success);
}

/**
 * The bundled catalog with the service's entries laid over it: an entry replaces the bundled model
 * of its slug, a new slug is added at the end. Entries weft cannot read are left out.
 */
export function mergeRemoteModels(bundled: readonly ModelInfo[], remote: readonly unknown[]): ModelInfo[] {
  const merged = [...bundled];
  for (const entry of remote) {
    const parsed = ModelInfo.safeParse(withParallelToolCallsOf0169(entry));
    if (!parsed.success) continue;
    const at = merged.findIndex((m) => m.slug === parsed.data.slug);
    if (at >= 0) merged[at] = parsed.data;
    else merged.push(parsed.data);
  }
  return merged;
}
