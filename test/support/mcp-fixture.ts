// The SDK test MCP server (mcp-fixture-server.mjs) as a config.toml entry, and the warnings a turn
// reported: what the MCP tests share.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ThreadEvent } from '../../src/thread/thread-events.js';

export const MCP_FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mcp-fixture-server.mjs');

/** `[mcp_servers.fixture]` running the fixture with `command` (default: this node), plus `extra` lines. */
export function fixtureServerConfig(extra = '', command = process.execPath): string {
  return `sandbox_mode = "danger-full-access"
[mcp_servers.fixture]
command = ${JSON.stringify(command)}
args = [${JSON.stringify(MCP_FIXTURE)}]
${extra}`;
}

export function warningsOf(events: readonly ThreadEvent[]): string[] {
  return events.filter((e): e is Extract<ThreadEvent, { type: 'warning' }> => e.type === 'warning').map((e) => e.message);
}
