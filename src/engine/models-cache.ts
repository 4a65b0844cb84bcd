// Codex's copy of the service's model catalog in the home: `models_cache.json`, pretty-printed
// `{fetched_at, etag?, client_version?, models}`. A copy is used while it is at most five minutes old
// and was fetched for the same client version; Codex reads and writes the same file, so either one
// starting within that time skips the request.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ModelsCacheFile } from '../../protocol/models-cache.js';

export const MODELS_CACHE_FILE = 'models_cache.json';
export const MODELS_CACHE_TTL_MS = 300_000;

export interface CachedModels {
  readonly models: readonly unknown[];
  readonly etag: string | undefined;
}

/** The cached catalog when it is fresh and for `clientVersion`; otherwise (absent, stale, unreadable) undefined. */
export async function loadFreshModels(home: string, clientVersion: string, now: Date = new Date()): Promise<CachedModels | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(home, MODELS_CACHE_FILE), 'utf8');
  } catch {
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = ModelsCacheFile.safeParse(json);
  if (!parsed.success || parsed.data.client_version !== clientVersion) return undefined;
  const fetched = Date.parse(parsed.data.fetched_at);
  if (Number.isNaN(fetched)) return undefined;
  const age = now.getTime() - fetched;
  if (age > MODELS_CACHE_TTL_MS) return undefined;
  return { models: parsed.data.models, etag: parsed.data.etag };
}

/** Writes the catalog as fetched now (private to the user, replaced in one rename). */
export async function persistModels(home: string, fetched: CachedModels, clientVersion: string, now: Date = new Date()): Promise<void> {
  const file: ModelsCacheFile = {
    fetched_at: now.toISOString(),
    ...(fetched.etag !== undefined ? { etag: fetched.etag } : {}),
    client_version: clientVersion,
    models: [...fetched.models],
  };
  await mkdir(home, { recursive: true, mode: 0o700 });
  const target = path.join(home, MODELS_CACHE_FILE);
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(file, null, 2), { mode: 0o600 });
  await rename(temp, target);
}

/**
 * Marks the cached catalog as fetched now, leaving the rest as it is: the service said (by the ETag
 * of an answer) that the copy is still current. Nothing happens without a readable cache.
 */
export async function renewModelsCache(home: string, now: Date = new Date()): Promise<void> {
  const target = path.join(home, MODELS_CACHE_FILE);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(target, 'utf8'));
  } catch {
    return;
  }
  const parsed = ModelsCacheFile.safeParse(json);
  if (!parsed.success) return;
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify({ ...parsed.data, fetched_at: now.toISOString() }, null, 2), { mode: 0o600 });
  await rename(temp, target);
}
