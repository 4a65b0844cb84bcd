// Codex 0.169's client-side `tool_search`: the model's query is ranked with BM25 (bm25-ranking.ts)
// against each deferred MCP tool's search text, and the best matches come back grouped by
// namespace, each tool as a deferred function spec. A tool's search text is what Codex indexes:
// its qualified name, its name (as called and as listed), its server, its title and description
// when set, and the names of its input properties, sorted.
import { bm25Rank } from './bm25-ranking.js';
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

/** The text BM25 indexes for one tool. */
export function toolSearchText(entry: McpToolEntry): string {
  const parts = [entry.qualifiedName, entry.tool.name, entry.tool.name, entry.server];
  const title = entry.tool.title?.trim();
  if (title) parts.push(title);
  const description = entry.tool.description?.trim();
  if (description) parts.push(description);
  const properties = entry.tool.inputSchema.properties;
  if (properties !== undefined && properties !== null && typeof properties === 'object') parts.push(...Object.keys(properties).sort());
  return parts.join(' ');
}

/** The namespaces answering `query`, at most `limit` tools in all. */
export function searchMcpTools(
  tools: readonly McpToolEntry[],
  query: string,
  limit: number | undefined,
  describeNamespace: (namespace: string) => string,
): NamespaceSpec[] {
  const hits = bm25Rank(tools.map(toolSearchText), query, Math.max(1, limit ?? DEFAULT_LIMIT));
  const scored = hits.map((hit) => ({ entry: tools[hit.index] as McpToolEntry }));
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
