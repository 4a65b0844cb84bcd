// Codex 0.169's client-side `tool_search`: the model's query is matched against the deferred MCP
// tools (server, name and description) and the best matches come back grouped by namespace, each
// tool as a deferred function spec. Ranking: how many query words a tool's text contains, ties in
// listing order. Pure.
import type { McpToolEntry } from './mcp-hub.js';
import { toolParameters } from './mcp-input-schema.js';

export interface NamespaceSpec {
  [key: string]: unknown;
  type: 'namespace';
  name: string;
  description: string;
  tools: Record<string, unknown>[];
}

const DEFAULT_LIMIT = 8;

function words(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 0);
}

/** The namespaces answering `query`, at most `limit` tools in all. */
export function searchMcpTools(
  tools: readonly McpToolEntry[],
  query: string,
  limit: number | undefined,
  describeNamespace: (namespace: string) => string,
): NamespaceSpec[] {
  const terms = new Set(words(query));
  const scored = tools
    .map((entry, index) => {
      const haystack = new Set(words(`${entry.server} ${entry.tool.name} ${entry.tool.description ?? ''}`));
      let score = 0;
      for (const term of terms) if (haystack.has(term)) score += 1;
      return { entry, index, score };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.max(1, limit ?? DEFAULT_LIMIT));
  const byNamespace = new Map<string, NamespaceSpec>();
  for (const { entry } of scored) {
    let ns = byNamespace.get(entry.namespace);
    if (ns === undefined) {
      ns = { type: 'namespace', name: entry.namespace, description: describeNamespace(entry.namespace), tools: [] };
      byNamespace.set(entry.namespace, ns);
    }
    ns.tools.push({
      type: 'function',
      name: entry.tool.name,
      description: entry.tool.description ?? '',
      strict: false,
      defer_loading: true,
      parameters: toolParameters(entry.tool.inputSchema),
    });
  }
  return [...byNamespace.values()];
}
