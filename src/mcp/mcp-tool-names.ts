// The names MCP tools get on the wire, as Codex forms them: `mcp__<server>__<tool>`, with every
// character the Responses API refuses in a tool name replaced by `_`, and names over 64 characters
// cut and completed with a SHA-1 of the full name so they stay unique.
import { createHash } from 'node:crypto';

const DELIMITER = '__';
const MAX_NAME_LENGTH = 64;

function sanitize(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_');
}

/** The namespace of a server's tools (0.169's tool_search): `mcp__<server>`. */
export function mcpNamespace(server: string): string {
  return sanitize(`mcp${DELIMITER}${server}`);
}

/** The single function name of a server's tool (0.98): `mcp__<server>__<tool>`, at most 64 characters. */
export function qualifiedToolName(server: string, tool: string): string {
  const full = `mcp${DELIMITER}${server}${DELIMITER}${tool}`;
  const clean = sanitize(full);
  if (clean.length <= MAX_NAME_LENGTH) return clean;
  const hash = createHash('sha1').update(full).digest('hex');
  return `${clean.slice(0, MAX_NAME_LENGTH - hash.length)}${hash}`;
}
