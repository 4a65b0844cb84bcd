// Codex 0.98's catalog refresh: before its first request it asks the OpenAI service for the model
// catalog (`GET {base}/models?client_version=0.98.0`), unless a fresh copy is in the home, and lays
// the answer over its bundled catalog, model by model. The merged catalog then picks instructions,
// tools and context windows. Offline, the bundled catalog is used as it is, quietly.
//
// When: under a profile that refreshes (0.98; 0.169 asks only when signed in with ChatGPT, which
// weft is not), unless `[features] remote_models = false`, and only toward the built-in provider's
// service: the thread's provider is the built-in `openai`, or the built-in provider was moved with
// `OPENAI_BASE_URL` / `openai_base_url` (Codex asks that service whatever provider the thread
// uses). A custom provider with the built-in one left at api.openai.com is not asked: weft does not
// reach out to a service the user did not point it at.
import type { ConfigToml } from '../../protocol/config.js';
import { ModelInfo } from '../../protocol/model-catalog.js';
import { listModels } from '../client/list-models.js';
import type { Env, ProviderSettings } from '../client/provider.js';
import { loadFreshModels, persistModels } from './models-cache.js';
import { openAiBaseUrl, providerId, providerSettings } from './provider-settings.js';

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
}

/** Whether the refresh asks the service at all (see the header). */
export function refreshesCatalog(config: ConfigToml, env: Env): boolean {
  if (config.features?.remote_models === false) return false;
  return providerId(config) === 'openai' || openAiBaseUrl(config, env) !== undefined;
}

/** The catalog after the refresh: the bundled one when nothing usable came back. Never throws. */
export async function refreshedCatalog(input: CatalogRefreshInput): Promise<ModelInfo[]> {
  const { home, clientVersion } = input;
  const cached = await loadFreshModels(home, clientVersion);
  if (cached) return mergeRemoteModels(input.bundled, cached.models);
  let provider: ProviderSettings;
  try {
    provider = providerSettings({ ...input.config, model_provider: 'openai', model_providers: {} }, input.configFile, input.env);
  } catch {
    return [...input.bundled];
  }
  try {
    const listed = await listModels(provider, clientVersion, {
      apiKey: input.env.OPENAI_API_KEY || undefined,
      ...(input.fetchImpl ? { fetchImpl: input.fetchImpl } : {}),
    });
    await persistModels(home, listed, clientVersion).catch(() => undefined);
    return mergeRemoteModels(input.bundled, listed.models);
  } catch {
    return [...input.bundled];
  }
}

/**
 * The bundled catalog with the service's entries laid over it: an entry replaces the bundled model
 * of its slug, a new slug is added at the end. Entries weft cannot read are left out.
 */
export function mergeRemoteModels(bundled: readonly ModelInfo[], remote: readonly unknown[]): ModelInfo[] {
  const merged = [...bundled];
  for (const entry of remote) {
    const parsed = ModelInfo.safeParse(entry);
    if (!parsed.success) continue;
    const at = merged.findIndex((m) => m.slug === parsed.data.slug);
    if (at >= 0) merged[at] = parsed.data;
    else merged.push(parsed.data);
  }
  return merged;
}
