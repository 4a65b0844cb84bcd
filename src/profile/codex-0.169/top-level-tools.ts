// The `top_level_tools` of a codex-0.169 world_state: the tools a code-mode window offers in its
// `additional_tools` item, each namespace (without its tools) and each tool in it (`namespace.tool`)
// named by the SHA-1 of its JSON with keys sorted, in key order. Absent when the window offers none.
import { createHash } from 'node:crypto';
import type { ResponseItem } from '../../../protocol/responses-items.js';

/** JSON without spaces, object keys sorted (undefined fields left out). */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`;
}

const sha1 = (value: unknown): string => createHash('sha1').update(sortedJson(value)).digest('hex');

export function topLevelTools(window: readonly ResponseItem[]): Record<string, string> | undefined {
  const offered = window.find((item) => item.type === 'additional_tools');
  if (offered === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const entry of (offered as { tools?: unknown }).tools as unknown[] ?? []) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { tools, ...namespace } = entry as { name?: unknown; tools?: unknown };
    const name = typeof namespace.name === 'string' ? namespace.name : '';
    out[name] = sha1(namespace);
    for (const tool of Array.isArray(tools) ? tools : []) {
      const toolName = (tool as { name?: unknown }).name;
      if (typeof toolName === 'string') out[`${name}.${toolName}`] = sha1(tool);
    }
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
