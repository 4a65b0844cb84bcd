// Which `[mcp_servers]` a configuration switches on. Kept apart from the hub so settings can name the
// servers without loading the MCP SDK.
import type { McpServerToml } from '../../protocol/config.js';

/** Configured servers that are switched on (`enabled` not false), in name order. */
export function enabledServers(servers: Readonly<Record<string, McpServerToml>> | undefined): [string, McpServerToml][] {
  return Object.entries(servers ?? {})
    .filter(([, config]) => config.enabled !== false)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
