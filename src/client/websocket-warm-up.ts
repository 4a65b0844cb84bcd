// The Responses WebSocket's warm-up frame (Codex 0.169, see responses-websocket.ts): the thread's
// first body without its history, `generate: false`, marked `prewarm` in its turn metadata.

/** Codex stamps each frame's `client_metadata` with the time it was sent (ms since the epoch, as a string). */
export const WS_REQUEST_START_KEY = 'x-codex-ws-stream-request-start-ms';

/** A Responses body as the WebSocket transport reads it. */
export type Body = Record<string, unknown> & { input?: unknown[]; client_metadata?: Record<string, unknown> };

export const TURN_METADATA_KEY = 'x-codex-turn-metadata';

/**
 * The warm-up frame for a thread's first body: its fields as they are, `generate: false`, its input
 * only what the generation puts before the history (a code-mode tools item, then the base
 * instructions as a developer message), and the turn metadata's `request_kind` set to `prewarm`.
 */
export function warmUpFrame(body: Body): { frame: Record<string, unknown>; exchange: { fields: string; input: string[] } } {
  const { input: rawInput, client_metadata: metadata, ...rest } = body;
  const items = rawInput ?? [];
  const isInstructions = (item: unknown): boolean => {
    const m = item as { type?: unknown; role?: unknown } | undefined;
    return m?.type === 'message' && m.role === 'developer';
  };
  const lead = (items[0] as { type?: unknown } | undefined)?.type === 'additional_tools' ? 1 : 0;
  const input = isInstructions(items[lead]) ? items.slice(0, lead + 1) : [];
  const frame: Record<string, unknown> = { type: 'response.create' };
  for (const [key, value] of Object.entries(body)) {
    if (key === 'input') frame.input = input;
    else if (key !== 'client_metadata') frame[key] = value;
  }
  // Codex puts the flag last among the body's fields, before the metadata.
  frame.generate = false;
  frame.client_metadata = { [WS_REQUEST_START_KEY]: String(Date.now()), ...prewarmMetadata(metadata) };
  return { frame, exchange: { fields: JSON.stringify(rest), input: input.map((item) => JSON.stringify(item)) } };
}

/**
 * The request's metadata as the warm-up's: no turn yet (an empty `turn_id`, no root turn, trigger or
 * start time) and `request_kind: prewarm` in the turn metadata.
 */
export function prewarmMetadata(metadata: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (metadata === undefined) return undefined;
  const { root_turn_id: _root, ...rest } = metadata;
  const out: Record<string, unknown> = { ...rest, ...('turn_id' in rest ? { turn_id: '' } : {}) };
  const turn = prewarmTurnMetadata(metadata[TURN_METADATA_KEY]);
  if (turn !== undefined) out[TURN_METADATA_KEY] = turn;
  return out;
}

/** The `x-codex-turn-metadata` JSON text as the warm-up's (undefined when it is not one). */
export function prewarmTurnMetadata(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (!('request_kind' in parsed)) return text;
    const { root_turn_id: _r, turn_trigger: _t, turn_started_at_unix_ms: _s, ...rest } = parsed;
    return JSON.stringify({ ...rest, turn_id: '', request_kind: 'prewarm' });
  } catch {
    return text;
  }
}
