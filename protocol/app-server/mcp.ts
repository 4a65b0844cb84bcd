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

// `mcpServer/tool/call` (0.169 schema): a client calls one tool of a thread's MCP server directly.
export const McpServerToolCallParams = z.object({
  threadId: z.string(),
  server: z.string(),
  tool: z.string(),
  arguments: z.unknown().optional(),
  _meta: z.unknown().optional(),
});
export const McpServerToolCallResponse = z.object({
  content: z.array(z.unknown()),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().nullish(),
  _meta: z.unknown().optional(),
});

// `mcpServer/resource/read` (0.169 schema): one resource of a server, of a thread or of the configuration.
export const McpResourceReadParams = z.object({
  threadId: z.string().nullish(),
  server: z.string(),
  uri: z.string(),
  connectorId: z.string().nullish(),
  originCallId: z.string().nullish(),
  target: z.unknown().optional(),
  _meta: z.record(z.string(), z.unknown()).nullish(),
});
export const McpResourceContent = z.union([
  z.looseObject({ uri: z.string(), text: z.string(), mimeType: z.string().nullish() }),
  z.looseObject({ uri: z.string(), blob: z.string(), mimeType: z.string().nullish() }),
]);
export const McpResourceReadResponse = z.object({ contents: z.array(McpResourceContent), originCallId: z.string().nullish() });

// `mcpServer/startupStatus/updated` (0.169 schema): a thread's server is starting, ready or failed.
export const McpServerStartupState = z.enum(['starting', 'ready', 'failed', 'cancelled']);
export type McpServerStartupState = z.infer<typeof McpServerStartupState>;
export const McpServerStatusUpdatedNotification = z.object({
  name: z.string(),
  status: McpServerStartupState,
  error: z.string().nullish(),
  failureReason: z.enum(['reauthenticationRequired']).nullish(),
  threadId: z.string().nullish(),
});

// `mcpServer/oauth/login` (0.169 schema): start an OAuth login for a configured streamable-HTTP
// server; the answer is the URL to open, and `mcpServer/oauthLogin/completed` follows with the outcome.
export const McpServerOauthClientRegistration = z.enum(['auto', 'cimd', 'dcr']);
export const McpServerOauthLoginParams = z.object({
  name: z.string(),
  scopes: z.array(z.string()).nullish(),
  timeoutSecs: z.number().int().nullish(),
  threadId: z.string().nullish(),
  clientRegistration: McpServerOauthClientRegistration.nullish(),
});
export const McpServerOauthLoginResponse = z.object({ authorizationUrl: z.string(), loginId: z.string().nullish() });

/** `config/mcpServer/reload` (0.169): no params; an empty object once the reload is queued. */
export const McpServerRefreshResponse = z.object({});
export const McpServerOauthLoginCompletedNotification = z.object({
  name: z.string(),
  success: z.boolean(),
  error: z.string().nullish(),
  loginId: z.string().nullish(),
  threadId: z.string().nullish(),
});
