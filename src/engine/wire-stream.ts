// The stream function of a thread, composed here so that client/ only sends and prompt/ only
// renders: the turn loop hands it the canonical (Responses) body it built, and the provider's
// `wire_api` decides what goes out — the body itself, or its Chat or Anthropic rendering, with
// context panels and tiers when the thread has a prompt shaper. The Chat and Anthropic clients
// load on their first request: their event schemas take tens of milliseconds to build, which
// every `weft exec` would pay at start-up for a wire it does not use.
import type { ResponsesRequestBody } from '../../protocol/responses-request.js';
import { createPromptShaper, type PromptShaper, type PromptShapingOptions } from '../prompt/prompt-shaper.js';
import { wireRequestFor, type WireOptions } from '../prompt/render-for-wire.js';
import type { ClientEvent } from '../client/client-events.js';
import type { Env, ProviderSettings, WireCallOptions } from '../client/provider.js';
import { streamResponse } from '../client/stream-response.js';
import type { ResponsesWebSocketTransport } from '../client/responses-websocket.js';
import type { PackDirs } from '../pack/load-pack.js';

export type { PromptShapingOptions };

export interface StreamForWireOptions extends WireOptions, WireCallOptions<ResponsesRequestBody> {
  shaper?: PromptShaper | undefined;
  /** The thread's Responses WebSocket, tried before HTTPS on the Responses wire (codex-0.169, built-in provider). */
  webSocket?: ResponsesWebSocketTransport | undefined;
}

export async function* streamForWire(opts: StreamForWireOptions): AsyncGenerator<ClientEvent, void, undefined> {
  const { shaper, chat, anthropic, body, webSocket, ...rest } = opts;
  const request = await wireRequestFor(body, opts.provider.wireApi, { shaper, ...(chat ? { chat } : {}), ...(anthropic ? { anthropic } : {}) });
  switch (request.wire) {
    case 'responses':
      yield* webSocket ? webSocket.stream({ ...rest, body: request.body }) : streamResponse({ ...rest, body: request.body });
      return;
    case 'chat': {
      const { streamChat } = await import('../client/stream-chat.js');
      yield* streamChat({ ...rest, body: request.body });
      return;
    }
    case 'anthropic': {
      const { streamAnthropic } = await import('../client/stream-anthropic.js');
      yield* streamAnthropic({ ...rest, body: request.body });
      return;
    }
  }
}

export type ThreadStreamFn = (opts: { provider: ProviderSettings; body: ResponsesRequestBody; signal?: AbortSignal }) => AsyncIterable<ClientEvent>;

/**
 * A thread's stream function (one per thread: the shaper keeps per-thread state). Without shaping
 * options and on the Responses wire it is exactly `streamResponse`.
 */
export function wireStream(
  env: Env,
  packDir: PackDirs,
  shaping?: PromptShapingOptions,
  wire: WireOptions = {},
  webSocket?: ResponsesWebSocketTransport,
): ThreadStreamFn {
  const shaper = createPromptShaper(shaping, packDir);
  return (o) => streamForWire({ ...o, ...wire, env, shaper, webSocket });
}
