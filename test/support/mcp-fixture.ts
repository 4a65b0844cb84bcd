// The SDK test MCP server (mcp-fixture-server.mjs) as a config.toml entry, and the warnings a turn
// reported: what the MCP tests share.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { functionCallReply, type MockReply } from '../../scripts/mock-responses-server.js';
import type { ThreadEvent } from '../../src/thread/thread-events.js';

export const MCP_FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mcp-fixture-server.mjs');

/** The `[mcp_servers.fixture]` table running the fixture with `command` (default: this node). */
export function fixtureServerTable(command = process.execPath): string {
  return `[mcp_servers.fixture]
command = ${JSON.stringify(command)}
args = [${JSON.stringify(MCP_FIXTURE)}]
`;
}

/**
 * A thread config with the fixture server, plus `extra` lines in its table; under codex-0.98, whose
 * MCP tools are offered directly under their qualified names.
 */
export function fixtureServerConfig(extra = '', command = process.execPath): string {
  return `compat = "codex-0.98"\nsandbox_mode = "danger-full-access"\n${fixtureServerTable(command)}${extra}`;
}

export function warningsOf(events: readonly ThreadEvent[]): string[] {
  return events.filter((e): e is Extract<ThreadEvent, { type: 'warning' }> => e.type === 'warning').map((e) => e.message);
}

/** A function call of the fixture's `tool` in the `mcp__fixture` namespace, as 0.169 models call deferred tools. */
export function namespacedCall(tool: string, args: Record<string, unknown>, callId: string): MockReply {
  const reply = functionCallReply(tool, args, callId);
  const withNamespace = (item: unknown): unknown => (item && typeof item === 'object' && (item as { type?: string }).type === 'function_call' ? { ...item, namespace: 'mcp__fixture' } : item);
  return {
    ...reply,
    sse: reply.sse.map((ev) => {
      const e = ev as Record<string, unknown>;
      return 'item' in e ? { ...e, item: withNamespace(e['item']) } : e;
    }),
  };
}
