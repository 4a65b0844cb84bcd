// The MCP resource tools (`list_mcp_resources`, `list_mcp_resource_templates`, `read_mcp_resource`):
// their answers are JSON the model reads (weft's shape: the items tagged with their server, the next
// page's cursor, a resource's contents). Without any running server the lists are empty.
import { z } from 'zod';
import { errorMessage } from '../errors.js';
import type { McpHub } from './mcp-hub.js';
import { lazySchema } from '../../protocol/lazy-schema.js';

export const MCP_RESOURCE_TOOLS = ['list_mcp_resources', 'list_mcp_resource_templates', 'read_mcp_resource'] as const;

const ListArgs = lazySchema(() => z.object({ server: z.string().nullish(), cursor: z.string().nullish() }));
const ReadArgs = lazySchema(() => z.object({ server: z.string(), uri: z.string() }));

export function isMcpResourceTool(name: string): boolean {
  return (MCP_RESOURCE_TOOLS as readonly string[]).includes(name);
}

/** Run a resource tool; `failed(detail)` words a failure. Never throws. */
export async function runMcpResourceTool(
  name: string,
  argsJson: string,
  hub: McpHub | undefined,
  failed: (detail: string) => string,
): Promise<{ output: string; success: boolean }> {
  try {
    const raw: unknown = argsJson.trim() === '' ? {} : JSON.parse(argsJson);
    if (name === 'read_mcp_resource') {
      const args = ReadArgs.parse(raw);
      if (hub === undefined) throw new Error(`no running MCP server is named ${args.server}`);
      const contents = await hub.readResource(args.server, args.uri);
      return { output: JSON.stringify({ server: args.server, uri: args.uri, contents }), success: true };
    }
    const args = ListArgs.parse(raw);
    const kind = name === 'list_mcp_resources' ? 'resources' : 'templates';
    const page = hub === undefined ? { items: [] } : await hub.listResources(kind, args.server ?? undefined, args.cursor ?? undefined);
    const key = kind === 'resources' ? 'resources' : 'resourceTemplates';
    return { output: JSON.stringify({ [key]: page.items, ...('nextCursor' in page ? { nextCursor: page.nextCursor } : {}) }), success: true };
  } catch (err) {
    return { output: failed(errorMessage(err)), success: false };
  }
}
