// Sending one rendered request: the client takes the request for the provider's wire as it was
// rendered, sends its bytes, and maps the answer's events to ClientEvents. The Chat and Anthropic
// clients load on their first request: their event schemas take tens of milliseconds to build,
// which every `weft exec` would pay at start-up for a wire it does not use.
import type { WireRequest } from '../../protocol/wire-request.js';
import type { ClientEvent } from './client-events.js';
import type { WireCallOptions } from './provider.js';
import type { ResponsesWebSocketTransport } from './responses-websocket.js';
import { streamResponse } from './stream-response.js';

export interface StreamRequestOptions extends Omit<WireCallOptions<never>, 'body'> {
  readonly request: WireRequest;
  /** The thread's Responses WebSocket, tried before HTTPS on the Responses wire (codex-0.169, built-in provider). */
  readonly webSocket?: ResponsesWebSocketTransport | undefined;
}

export async function* streamRequest(opts: StreamRequestOptions): AsyncGenerator<ClientEvent, void, undefined> {
  const { request, webSocket, ...call } = opts;
  switch (request.wire) {
    case 'responses':
      yield* webSocket ? webSocket.stream({ ...call, body: request.body }) : streamResponse({ ...call, body: request.body });
      return;
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
