// `mcpServerStatus/list` (0.169 schema): the configured MCP servers, whether each is connected, and
// what it offers (tools by name, resources, resource templates).
import { z } from 'zod';

export const McpServerStatusDetail = z.enum(['full', 'toolsAndAuthOnly']);

export const ListMcpServerStatusParams = z.object({
  threadId: z.string().nullish(),
  serverName: z.string().nullish(),
  cursor: z.string().nullish(),
  limit: z.number().int().nonnegative().nullish(),
  detail: McpServerStatusDetail.nullish(),
});

export const McpAuthStatus = z.enum(['unknown', 'unsupported', 'notLoggedIn', 'bearerToken', 'oAuth']);
export const McpServerConnectionStatus = z.enum(['notStarted', 'starting', 'connected', 'authenticationRequired', 'failed', 'cancelled', 'disabled']);

export const McpServerStatus = z.object({
  name: z.string(),
  authStatus: McpAuthStatus,
  runtimeStatus: McpServerConnectionStatus.nullish(),
  serverInfo: z.object({ name: z.string(), version: z.string(), title: z.string().nullish() }).nullish(),
  serverCapabilities: z.unknown().optional(),
  httpOrigin: z.string().nullish(),
  tools: z.record(z.string(), z.looseObject({ name: z.string(), inputSchema: z.unknown() })),
  toolsError: z.string().nullish(),
  resources: z.array(z.unknown()),
  resourceTemplates: z.array(z.unknown()),
});
export type McpServerStatus = z.infer<typeof McpServerStatus>;

export const ListMcpServerStatusResponse = z.object({ data: z.array(McpServerStatus), nextCursor: z.string().nullish() });
