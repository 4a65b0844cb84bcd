// A thread's MCP servers, started on the thread's first turn (in its working directory) and
// stopped when the thread closes. The SDK is loaded only for a thread that has servers.
import type { McpServerToml } from '../../protocol/config.js';
import type { McpHub, McpStartupStatus } from './mcp-hub.js';
import type { McpOAuthContext } from './oauth/oauth-settings.js';

export interface McpSession {
  /** The started servers (started on first use). Never rejects: failed servers are warnings. */
  hub(cwd: string): Promise<McpHub>;
  close(): Promise<void>;
  /** Reconnect every server as the next turn starts (`config/mcpServer/reload`); nothing before they started. */
  requestReconnect(): void;
  /** As a turn starts: reconnects the servers due it (McpHub.reconnectIfDue); nothing before they started. */
  reconnectIfDue(): Promise<void>;
  /** Be told of each server's startup (app-server `mcpServer/startupStatus/updated`); returns the unsubscribe. */
  watch(listener: (status: McpStartupStatus) => void): () => void;
}

export function mcpSession(
  servers: Readonly<Record<string, McpServerToml>>,
  env: Readonly<Record<string, string | undefined>>,
  oauth?: McpOAuthContext,
): McpSession {
  let started: Promise<McpHub> | undefined;
  const listeners = new Set<(status: McpStartupStatus) => void>();
  const onStatus = (status: McpStartupStatus): void => {
    for (const listener of listeners) listener(status);
  };
  return {
    hub(cwd) {
      started ??= import('./mcp-hub.js').then(({ McpHub }) => McpHub.start({ servers, env, cwd, onStatus, oauth }));
      return started;
    },
    async reconnectIfDue() {
      if (started !== undefined) await (await started).reconnectIfDue();
    },
    requestReconnect() {
      void started?.then((hub) => hub.requestReconnect());
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (started !== undefined) await (await started).close();
    },
  };
}
