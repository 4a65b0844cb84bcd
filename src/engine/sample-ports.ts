// A thread's two sampling ports, composed here so that prompt/ only renders and client/ only sends:
// `render` turns each sample into the request for the provider's wire (with context panels and
// tiers when the thread shapes its prompts), `stream` sends that request and maps its events.
import type { ResponsesWebSocketTransport } from '../client/responses-websocket.js';
import type { Env } from '../client/provider.js';
import { streamRequest } from '../client/stream-request.js';
import type { PackDirs } from '../pack/load-pack.js';
import { createPromptShaper, type PromptShapingOptions } from '../prompt/prompt-shaper.js';
import { sampleRenderer, type RenderFn, type WireOptions } from '../prompt/render-for-wire.js';
import type { StreamFn } from '../thread/turn-ports.js';

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
  webSocket?: ResponsesWebSocketTransport,
): { render: RenderFn; stream: StreamFn } {
  return {
    render: sampleRenderer(createPromptShaper(shaping, packDir), wire),
    stream: (o) => streamRequest({ ...o, env, webSocket }),
  };
}
