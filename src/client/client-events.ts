// What the model client yields while a response streams: weft's own events, independent of the
// wire. Only `item_done` carries something to keep; deltas are for display.
import type { RateLimitSnapshot } from './rate-limits.js';
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { WireOutputItem } from '../../protocol/responses-events.js';
import type { TokenUsage } from './token-usage.js';

export type ClientEvent =
  /** `responseId` is null when the server's `response.created` carries no response object. */
  | { type: 'created'; responseId: string | null }
  | { type: 'text_delta'; itemId: string | null; delta: string }
  | { type: 'reasoning_summary_delta'; itemId: string | null; summaryIndex: number | null; delta: string }
  /** A new summary section started (Codex shows a break between sections). */
  | { type: 'reasoning_summary_part_added'; itemId: string | null; summaryIndex: number | null }
  /** Raw reasoning text, sent by models that expose it. */
  | { type: 'reasoning_text_delta'; itemId: string | null; delta: string }
  | { type: 'item_added'; item: WireOutputItem }
  /** `item` is what weft stores and re-sends (see src/history/canonical-item.ts); `raw` is the wire item. */
  | { type: 'item_done'; item: ResponseItem; raw: WireOutputItem }
  /** A finished item Codex 0.98 would not keep (unknown type, unreadable part); history skips it. */
  | { type: 'item_skipped'; raw: WireOutputItem; reason: string }
  | { type: 'completed'; responseId: string; usage: TokenUsage | null }
  /**
   * The request is sent again after `delayMs`. `attempt` is the 1-based number of the attempt about
   * to start (the first retry is 2). Deltas shown since the last `retrying` belong to an abandoned
   * attempt; no `item_done` was emitted in it (see stream-response.ts).
   */
  | { type: 'retrying'; attempt: number; maxAttempts: number; delayMs: number; reason: string }
  /**
   * The answer's `X-Models-Etag` header: the version of the service's model catalog (Codex 0.98
   * refetches its catalog when it changed; the engine's stream port consumes this event).
   */
  | { type: 'models_etag'; etag: string }
  /** The account's rate limits the answer reported (its headers, a `codex.rate_limits` event). */
  | { type: 'rate_limits'; snapshots: readonly RateLimitSnapshot[] }
  /** Something the user should know that does not stop the response (a transport fallback). */
  | { type: 'warning'; message: string };

export type ClientEventType = ClientEvent['type'];

/**
 * What every wire yields: the events one piece of the answer brought (a chunk of an event stream, a
 * WebSocket frame), in order, never none. A long answer streams tens of thousands of deltas, and each
 * step of an async iterator costs a few promise turns in every layer it passes through: the layers
 * pass batches on, and only the consumer loops over the events (checking its abort signal before
 * each, as the wire does between batches).
 */
export type ClientEventBatch = readonly ClientEvent[];
