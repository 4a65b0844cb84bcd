// The shapes the mock server records and answers with (shared by its HTTP and WebSocket sides).

/**
 * Streamed: one `event: <type>\ndata: <json>\n\n` block per element. With `cutAfter`, the socket is
 * destroyed after that many events (no terminating chunk), which a client sees as a dropped stream.
 */
export interface SseReply {
  status: number;
  sse: unknown[];
  cutAfter?: number;
  headers?: Record<string, string>;
  /**
   * Holds the stream after `after` events until `until` settles (or the client goes away), so a
   * test can act while a reply is half sent without sleeping.
   */
  pause?: { after: number; until: Promise<void> };
}

export interface JsonReply {
  status: number;
  json: unknown;
  headers?: Record<string, string>;
}

export type MockReply = SseReply | JsonReply;

export interface CapturedRequest {
  method: string;
  path: string;
  query?: Record<string, string>;
  headers: Record<string, string>;
  /** Parsed JSON body; `undefined` when the body is empty or not JSON (see `rawBody`). */
  body: unknown;
  rawBody: string;
  /** `websocket` for a `response.create` frame (its headers are the upgrade's); absent for HTTP. */
  transport?: 'websocket';
}

