// Rollout lines reduced to their kinds (`event_msg/item_completed:McpToolCall`, …), for tests that
// check where a generation puts its lines.
export type RolloutLine = { type: string; payload: Record<string, unknown> };

export function lineKind(l: RolloutLine): string {
  const item = l.payload['type'] === 'item_completed' ? `:${String((l.payload['item'] as { type: string }).type)}` : '';
  return `${l.type}/${String(l.payload['type'])}${item}`;
}
