// Every method weft's app-server speaks, by name: one table per message kind. The server validates
// against these, and `weft app-server generate-json-schema` exports them.
import { z } from 'zod';
import { InitializeParams, InitializeResponse } from './initialize.js';
import {
  ListMcpServerStatusParams,
  ListMcpServerStatusResponse,
  McpResourceReadParams,
  McpResourceReadResponse,
  McpServerOauthLoginCompletedNotification,
  McpServerOauthLoginParams,
  McpServerOauthLoginResponse,
  McpServerStatusUpdatedNotification,
  McpServerToolCallParams,
  McpServerToolCallResponse,
} from './mcp.js';
import { CollaborationModeListParams, CollaborationModeListResponse, ModelListParams, ModelListResponse } from './models.js';
import {
  AccountRateLimitsUpdatedNotification,
  AgentMessageDeltaNotification,
  CommandExecutionOutputDeltaNotification,
  ConfigWarningNotification,
  ContextCompactedNotification,
  TurnPlanUpdatedNotification,
  ErrorNotification,
  ItemCompletedNotification,
  ItemStartedNotification,
  ReasoningSummaryTextDeltaNotification,
  ThreadNameUpdatedNotification,
  ThreadStartedNotification,
  ThreadTokenUsageUpdatedNotification,
  TurnCompletedNotification,
  TurnDiffUpdatedNotification,
  TurnStartedNotification,
} from './notifications.js';
import {
  CommandExecutionRequestApprovalParams,
  FileChangeRequestApprovalParams,
  FileChangeRequestApprovalResponse,
  CommandExecutionRequestApprovalResponse,
  DynamicToolCallParams,
  DynamicToolCallResponse,
} from './server-requests.js';
import {
  ThreadArchiveParams,
  ThreadArchiveResponse,
  ThreadCompactStartParams,
  ThreadCompactStartResponse,
  ThreadForkParams,
  ThreadForkResponse,
  ThreadListParams,
  ThreadListResponse,
  ThreadLoadedListParams,
  ThreadLoadedListResponse,
  ThreadReadParams,
  ThreadReadResponse,
  ThreadResumeParams,
  ThreadResumeResponse,
  ThreadRollbackParams,
  ThreadRollbackResponse,
  ThreadSetNameParams,
  ThreadSetNameResponse,
  ThreadStartParams,
  ThreadStartResponse,
  ThreadUnarchiveParams,
  ThreadUnarchiveResponse,
} from './thread.js';
import { TurnInterruptParams, TurnInterruptResponse, TurnStartParams, TurnStartResponse, TurnSteerParams, TurnSteerResponse } from './turn.js';

export interface MethodSchemas {
  readonly params: z.ZodType;
  readonly result: z.ZodType;
  /** Only for clients that set `capabilities.experimentalApi`. */
  readonly experimental?: boolean;
}

/** Client → server requests. */
export const CLIENT_REQUESTS = {
  initialize: { params: InitializeParams, result: InitializeResponse },
  'thread/start': { params: ThreadStartParams, result: ThreadStartResponse },
  'thread/resume': { params: ThreadResumeParams, result: ThreadResumeResponse },
  'thread/fork': { params: ThreadForkParams, result: ThreadForkResponse },
  'thread/archive': { params: ThreadArchiveParams, result: ThreadArchiveResponse },
  'thread/name/set': { params: ThreadSetNameParams, result: ThreadSetNameResponse },
  'thread/unarchive': { params: ThreadUnarchiveParams, result: ThreadUnarchiveResponse },
  'thread/compact/start': { params: ThreadCompactStartParams, result: ThreadCompactStartResponse },
  'thread/rollback': { params: ThreadRollbackParams, result: ThreadRollbackResponse },
  'thread/list': { params: ThreadListParams, result: ThreadListResponse },
  'thread/loaded/list': { params: ThreadLoadedListParams, result: ThreadLoadedListResponse },
  'thread/read': { params: ThreadReadParams, result: ThreadReadResponse },
  'turn/start': { params: TurnStartParams, result: TurnStartResponse },
  'turn/steer': { params: TurnSteerParams, result: TurnSteerResponse },
  'turn/interrupt': { params: TurnInterruptParams, result: TurnInterruptResponse },
  'model/list': { params: ModelListParams, result: ModelListResponse },
  'mcpServerStatus/list': { params: ListMcpServerStatusParams, result: ListMcpServerStatusResponse },
  'mcpServer/tool/call': { params: McpServerToolCallParams, result: McpServerToolCallResponse },
  'mcpServer/resource/read': { params: McpResourceReadParams, result: McpResourceReadResponse },
  'mcpServer/oauth/login': { params: McpServerOauthLoginParams, result: McpServerOauthLoginResponse },
  'collaborationMode/list': { params: CollaborationModeListParams, result: CollaborationModeListResponse, experimental: true },
} as const satisfies Record<string, MethodSchemas>;

export type ClientRequestMethod = keyof typeof CLIENT_REQUESTS;
export type ParamsOf<M extends ClientRequestMethod> = z.infer<(typeof CLIENT_REQUESTS)[M]['params']>;
export type ResultOf<M extends ClientRequestMethod> = z.input<(typeof CLIENT_REQUESTS)[M]['result']>;

/** Client → server notifications (no params). */
export const CLIENT_NOTIFICATIONS = { initialized: z.object({}).optional() } as const;

/** Server → client notifications. */
export const SERVER_NOTIFICATIONS = {
  error: ErrorNotification,
  'thread/started': ThreadStartedNotification,
  'thread/name/updated': ThreadNameUpdatedNotification,
  'thread/tokenUsage/updated': ThreadTokenUsageUpdatedNotification,
  'turn/started': TurnStartedNotification,
  'turn/completed': TurnCompletedNotification,
  'turn/diff/updated': TurnDiffUpdatedNotification,
  'item/started': ItemStartedNotification,
  'item/completed': ItemCompletedNotification,
  'item/agentMessage/delta': AgentMessageDeltaNotification,
  'item/reasoning/summaryTextDelta': ReasoningSummaryTextDeltaNotification,
  'item/commandExecution/outputDelta': CommandExecutionOutputDeltaNotification,
  'account/rateLimits/updated': AccountRateLimitsUpdatedNotification,
  'thread/compacted': ContextCompactedNotification,
  configWarning: ConfigWarningNotification,
  'turn/plan/updated': TurnPlanUpdatedNotification,
  'mcpServer/startupStatus/updated': McpServerStatusUpdatedNotification,
  'mcpServer/oauthLogin/completed': McpServerOauthLoginCompletedNotification,
} as const;

export type ServerNotificationMethod = keyof typeof SERVER_NOTIFICATIONS;
export type NotificationParams<M extends ServerNotificationMethod> = z.input<(typeof SERVER_NOTIFICATIONS)[M]>;

/** Server → client requests. */
export const SERVER_REQUESTS = {
  'item/commandExecution/requestApproval': {
    params: CommandExecutionRequestApprovalParams,
    result: CommandExecutionRequestApprovalResponse,
  },
  'item/fileChange/requestApproval': { params: FileChangeRequestApprovalParams, result: FileChangeRequestApprovalResponse },
  'item/tool/call': { params: DynamicToolCallParams, result: DynamicToolCallResponse, experimental: true },
} as const satisfies Record<string, MethodSchemas>;

export type ServerRequestMethod = keyof typeof SERVER_REQUESTS;
