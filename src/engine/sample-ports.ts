// A thread's two sampling ports, composed here so that prompt/ only renders and client/ only sends:
// `render` turns each sample into the request for the provider's wire (with context panels and
// tiers when the thread shapes its prompts), `stream` sends that request and maps its events.
import type { ClientEvent, ClientEventBatch } from '../client/client-events.js';
import type { ResponsesWebSocketTransport } from '../client/responses-websocket.js';
import type { Env } from '../client/provider.js';
import type { LongStringCache } from '../bytes/long-string-cache.js';
import { streamRequest } from '../client/stream-request.js';
import type { PackDirs } from '../pack/load-pack.js';
import { createPromptShaper, type PromptShapingOptions } from '../prompt/prompt-shaper.js';
import { sampleRenderer, type RenderFn, type WireOptions } from '../prompt/render-for-wire.js';
import type { StreamFn } from '../thread/turn-ports.js';
import type { WireRequest } from '../../protocol/wire-request.js';

export type { PromptShapingOptions };

/**
 * One thread's render and stream ports (one per thread: the shaper keeps per-thread state).
 * Without shaping options, a Responses request carries the profile's body untouched.
 */
export function samplePorts(
  env: Env,
  packDir: PackDirs,
  shaping?: PromptShapingOptions,
  wire: WireOptions = {},
  sending: SendingOptions = {},
): { render: RenderFn; stream: StreamFn } {
  const { webSocket, onModelsEtag, headersFor, longStrings } = sending;
  return {
    render: sampleRenderer(createPromptShaper(shaping, packDir), wire),
    stream: (o) => withoutModelsEtag(streamRequest({ ...o, env, webSocket, longStrings, ...(headersFor ? { headers: headersFor(o.request) } : {}) }), onModelsEtag),
  };
}

/** How a thread's requests go out, beyond the provider. */
export interface SendingOptions {
  /** The thread's Responses WebSocket (codex-0.169, built-in provider). */
  readonly webSocket?: ResponsesWebSocketTransport | undefined;
  /** Told each answer's model catalog version (`X-Models-Etag`). */
  readonly onModelsEtag?: ((etag: string) => Promise<void>) | undefined;
  /** The generation's headers for a rendered request (no credentials). */
  readonly headersFor?: ((request: WireRequest) => Record<string, string>) | undefined;
  /** The thread's long strings, shared with its rollout writer (long-string-cache.ts). */
  readonly longStrings?: LongStringCache | undefined;
}

/**
 * The answer's events without its catalog version, which goes to `onModelsEtag` (awaited before
 * the answer is read on, as Codex 0.98 does): the turn loop never sees it. Batches without it (all
 * but the first, in practice) pass as they are.
 */
async function* withoutModelsEtag(batches: AsyncIterable<ClientEventBatch>, onModelsEtag: ((etag: string) => Promise<void>) | undefined): AsyncGenerator<ClientEventBatch, void, undefined> {
  for await (const batch of batches) {
    if (!batch.some((event) => event.type === 'models_etag')) {
      yield batch;
      continue;
    }
    let kept: ClientEvent[] = [];
    for (const event of batch) {
      if (event.type !== 'models_etag') {
        kept.push(event);
        continue;
      }
      if (kept.length > 0) yield kept;
      kept = [];
      if (onModelsEtag) await onModelsEtag(event.etag);
    }
    if (kept.length > 0) yield kept;
  }
}
