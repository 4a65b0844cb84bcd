// Sending one rendered request: the client takes the request for the provider's wire as it was
// rendered, sends its bytes, and maps the answer's events to ClientEvents. The Chat and Anthropic
// clients load on their first request: their event schemas take tens of milliseconds to build,
// which every `weft exec` would pay at start-up for a wire it does not use.
import type { WireRequest } from '../../protocol/wire-request.js';
import type { ClientEventBatch } from './client-events.js';
import type { WireCallOptions } from './provider.js';
import type { ResponsesWebSocketTransport } from './responses-websocket.js';
import { streamResponse } from './stream-response.js';

export interface StreamRequestOptions extends Omit<WireCallOptions<never>, 'body'> {
  readonly request: WireRequest;
  /** The thread's Responses WebSocket, tried before HTTPS on the Responses wire (codex-0.169, built-in provider). */
  readonly webSocket?: ResponsesWebSocketTransport | undefined;
}

/**
 * The answer's events, in batches (see ClientEventBatch). On the Responses wire the client's own
 * generator is handed back as it is: each generator that only passes batches on costs a few promise
 * turns per batch.
 */
export function streamRequest(opts: StreamRequestOptions): AsyncGenerator<ClientEventBatch, void, undefined> {
  const { request, webSocket, ...call } = opts;
  if (request.wire === 'responses') {
    return webSocket ? webSocket.stream({ ...call, body: request.body }) : streamResponse({ ...call, body: request.body });
  }
  return streamOtherWire(request, call);
}

/** The Chat and Anthropic wires, each loaded on first use. */
async function* streamOtherWire(
  request: Exclude<WireRequest, { wire: 'responses' }>,
  call: Omit<WireCallOptions<never>, 'body'>,
): AsyncGenerator<ClientEventBatch, void, undefined> {
  switch (request.wire) {
    case 'chat': {
      const { streamChat } = await import('./stream-chat.js');
      yield* streamChat({ ...call, body: request.body });
      return;
    }
    case 'anthropic': {
      const { streamAnthropic } = await import('./stream-anthropic.js');
      yield* streamAnthropic({ ...call, body: request.body });
      return;
    }
  }
}
