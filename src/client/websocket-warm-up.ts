// The Responses WebSocket's warm-up frame (Codex 0.169, see responses-websocket.ts): the thread's
// first body without its history, `generate: false`, marked `prewarm` in its turn metadata.

/** Codex stamps each frame's `client_metadata` with the time it was sent (ms since the epoch, as a string). */
export const WS_REQUEST_START_KEY = 'x-codex-ws-stream-request-start-ms';

/** A Responses body as the WebSocket transport reads it. */
export type Body = Record<string, unknown> & { input?: unknown[]; client_metadata?: Record<string, unknown> };

const TURN_METADATA_KEY = 'x-codex-turn-metadata';

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
    else if (key === 'client_metadata') frame.client_metadata = { [WS_REQUEST_START_KEY]: String(Date.now()), ...prewarmMetadata(metadata) };
    else frame[key] = value;
  }
  if (metadata === undefined) frame.client_metadata = { [WS_REQUEST_START_KEY]: String(Date.now()) };
  frame.generate = false;
  return { frame, exchange: { fields: JSON.stringify(rest), input: input.map((item) => JSON.stringify(item)) } };
}

/** The request's metadata with its turn metadata's `request_kind` named `prewarm`. */
function prewarmMetadata(metadata: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const turn = metadata?.[TURN_METADATA_KEY];
  if (typeof turn !== 'string') return metadata;
  try {
    const parsed = JSON.parse(turn) as Record<string, unknown>;
    if (!('request_kind' in parsed)) return metadata;
    return { ...metadata, [TURN_METADATA_KEY]: JSON.stringify({ ...parsed, request_kind: 'prewarm' }) };
  } catch {
    return metadata;
  }
}
