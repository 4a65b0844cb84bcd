// What a process learnt about providers' Responses WebSocket (see responses-websocket.ts).
/**
 * The Responses WebSocket URLs whose upgrade a server refused: every thread of a process (one engine)
 * shares one, so that a provider found not to speak the WebSocket costs its retries once.
 */
export class WebSocketRefusals {
  readonly #urls = new Set<string>();

  has(url: string): boolean {
    return this.#urls.has(url);
  }

  add(url: string): void {
    this.#urls.add(url);
  }
}
