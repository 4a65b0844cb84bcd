// `mcpServer/startupStatus/updated`: as a loaded thread's MCP servers start (on its first turn), the
// client is told of each one: starting, then ready or failed (with the reason). Only the generation
// whose schema has the notification sends it.
import type { McpStartupStatus } from '../mcp/mcp-hub.js';
import type { Thread } from '../thread/thread.js';
import type { ThreadChannel } from './loaded-thread-ports.js';

/** The notification's params for one status change of a thread's server. */
export function startupStatusParams(threadId: string, status: McpStartupStatus): Record<string, unknown> {
  return {
    name: status.server,
    status: status.status,
    error: status.status === 'failed' ? status.error : null,
    failureReason: null,
    threadId,
  };
}

/** Reports the thread's MCP startups to the channel; returns the unsubscribe (a no-op when there is nothing to report). */
export function reportMcpStartup(thread: Thread, channel: ThreadChannel): () => void {
  if (!channel.generation.reportsMcpStartup || thread.mcp === undefined) return () => {};
  return thread.mcp.watch((status) => channel.notifyAny('mcpServer/startupStatus/updated', startupStatusParams(thread.id, status)));
}
