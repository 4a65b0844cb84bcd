// JSON text with every object's keys sorted and no spaces (fields that are undefined left out): one
// spelling of a value whatever order its fields were built in. Codex fingerprints tools this way
// (0.169's world_state `top_level_tools`), and the WebSocket client compares a streamed item with
// the thread's copy of it this way.

export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`;
}
