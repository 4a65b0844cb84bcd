// `config/mcpServer/reload` (0.169 schema): every loaded thread reconnects its MCP servers as its
// next turn starts, as Codex queues a refresh per thread and applies it then (a thread that never
// runs another turn does no work). A thread whose servers have not started yet starts them then
// anyway. The answer is empty.
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export function mcpServerReload(ctx: ServerContext): HandlerResult<Record<string, never>> {
  for (const loaded of ctx.loaded.values()) loaded.thread.mcp?.requestReconnect();
  return { result: {} };
}
