// The `top_level_tools` of a codex-0.169 world_state: the tools a code-mode window offers in its
// `additional_tools` item, each namespace (without its tools) and each tool in it (`namespace.tool`)
// named by the SHA-1 of its JSON with keys sorted, in key order. Absent when the window offers none.
import { createHash } from 'node:crypto';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { sortedJson } from '../../sorted-json.js';

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
