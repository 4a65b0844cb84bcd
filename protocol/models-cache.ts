// The model catalog the service serves (`GET {base}/models`) and Codex's copy of it in the home
// (`models_cache.json`). Entries are kept loose here: the refresh validates each one as a ModelInfo
// and leaves out what it cannot use.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const ModelsResponse = lazySchema(() => z.looseObject({ models: z.array(z.unknown()) }));
export type ModelsResponse = z.infer<typeof ModelsResponse>;

export const ModelsCacheFile = lazySchema(() =>
  z.looseObject({
    /** When the catalog was fetched (RFC 3339); the cache is fresh for five minutes after it. */
    fetched_at: z.string(),
    /** The `ETag` the service answered with; absent when it sent none. */
    etag: z.string().optional(),
    /** The client version the catalog was asked for; a cache of another version is not used. */
    client_version: z.string().optional(),
    models: z.array(z.unknown()),
  }),
);
export type ModelsCacheFile = z.infer<typeof ModelsCacheFile>;
