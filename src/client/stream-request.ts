// Sending one rendered request: the client takes the request for the provider's wire as it was
// rendered, sends its bytes, and maps the answer's events to ClientEvents. The Chat and Anthropic
// clients load on their first request: their event schemas take tens of milliseconds to build,
// which every `weft exec` would pay at start-up for a wire it does not use.
import type { WireRequest } from '../../protocol/wire-request.js';
import type { ClientEventBatch } from './client-events.js';
import { ApiError } from '../errors.js';
import type { ProviderAuth, ProviderSettings, WireCallOptions } from './provider.js';
import { preparedOnSchedule } from './prepared-auth-schedule.js';
import type { ResponsesWebSocketTransport } from './responses-websocket.js';
import { retryOptionsFor } from './retry-policy.js';
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
    const body = request.body;
    const send = (c: typeof call): AsyncGenerator<ClientEventBatch, void, undefined> =>
      webSocket ? webSocket.stream({ ...c, body }) : streamResponse({ ...c, body });
    return call.provider.auth ? withPreparedAuth(call, call.provider.auth, webSocket, send) : send(call);
  }
  return streamOtherWire(request, call);
}

/**
 * A request under a per-request credential (a ChatGPT sign-in): the credential is prepared before
 * the request (a refresh when due, the account's workspace; a lookup that fails is retried on the
 * stream's schedule, prepared-auth-schedule.ts), laid on the provider, and after a 401 that came
 * before any event (the lookup's own included) the credential's recovery decides whether the
 * request goes again.
 */
async function* withPreparedAuth<C extends Pick<WireCallOptions<never>, 'provider' | 'retry' | 'signal'>>(
  call: C,
  auth: ProviderAuth,
  webSocket: ResponsesWebSocketTransport | undefined,
  send: (call: C) => AsyncGenerator<ClientEventBatch, void, undefined>,
): AsyncGenerator<ClientEventBatch, void, undefined> {
  const recovery = auth.recovery();
  const retry = retryOptionsFor(call.provider, call.retry);
  for (;;) {
    let delivered = false;
    try {
      const prepared = yield* preparedOnSchedule({ auth, retry, signal: call.signal, webSocket });
      const provider: ProviderSettings = {
        ...call.provider,
        apiKey: prepared.bearer,
        ...(prepared.scheme !== undefined ? { authScheme: prepared.scheme } : {}),
        headers: { ...call.provider.headers, ...prepared.headers },
        ...(prepared.baseUrl !== undefined ? { baseUrl: prepared.baseUrl } : {}),
      };
      for await (const batch of send({ ...call, provider })) {
        delivered = true;
        yield batch;
      }
      return;
    } catch (err) {
      if (delivered || !(err instanceof ApiError) || err.status !== 401 || !(await recovery.next())) throw err;
    }
  }
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
