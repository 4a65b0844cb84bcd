// What weft's 0.169 app-server sends, by method, in Codex 0.169's shapes (generated from its JSON
// Schema: ./generated/shapes.ts): the result of each client request it serves, each notification,
// and its requests to the client. Not used on the server's hot path: `generate-json-schema` /
// `generate-ts` describe these, and the tests hold what the server sends against the schema.
import type { z } from 'zod';
import * as S from './generated/shapes.js';

/** Client request → the schema of its result (`collaborationMode/list` is experimental: not in the generated schema). */
export const RESULTS_0169 = {
  'thread/start': S.ThreadStartResponse,
  'thread/resume': S.ThreadResumeResponse,
  'thread/fork': S.ThreadForkResponse,
  'thread/archive': S.ThreadArchiveResponse,
  'thread/unarchive': S.ThreadUnarchiveResponse,
  'thread/name/set': S.ThreadSetNameResponse,
  'thread/compact/start': S.ThreadCompactStartResponse,
  'thread/revert': S.ThreadRevertResponse,
  'thread/list': S.ThreadListResponse,
  'thread/loaded/list': S.ThreadLoadedListResponse,
  'thread/read': S.ThreadReadResponse,
  'thread/turns/list': S.ThreadTurnsListResponse,
  'thread/items/list': S.ThreadItemsListResponse,
  'turn/start': S.TurnStartResponse,
  'turn/steer': S.TurnSteerResponse,
  'turn/interrupt': S.TurnInterruptResponse,
  'model/list': S.ModelListResponse,
  'mcpServerStatus/list': S.ListMcpServerStatusResponse,
  'mcpServer/tool/call': S.McpServerToolCallResponse,
  'mcpServer/resource/read': S.McpResourceReadResponse,
  'mcpServer/oauth/login': S.McpServerOauthLoginResponse,
  'config/read': S.ConfigReadResponse,
  'config/value/write': S.ConfigWriteResponse,
  'config/batchWrite': S.ConfigWriteResponse,
  'configRequirements/read': S.ConfigRequirementsReadResponse,
  'account/read': S.GetAccountResponse,
  'thread/unsubscribe': S.ThreadUnsubscribeResponse,
  'skills/list': S.SkillsListResponse,
} as const satisfies Record<string, z.ZodType>;

export const INITIALIZE_RESULT_0169 = S.InitializeResponse;

/** Server notification → the schema of its params. */
export const NOTIFICATIONS_0169 = {
  error: S.ErrorNotification,
  'thread/started': S.ThreadStartedNotification,
  'thread/status/changed': S.ThreadStatusChangedNotification,
  'thread/archived': S.ThreadArchivedNotification,
  'thread/unarchived': S.ThreadUnarchivedNotification,
  'thread/reverted': S.ThreadRevertedNotification,
  'thread/name/updated': S.ThreadNameUpdatedNotification,
  'thread/goal/cleared': S.ThreadGoalClearedNotification,
  'thread/tokenUsage/updated': S.ThreadTokenUsageUpdatedNotification,
  'turn/started': S.TurnStartedNotification,
  'turn/completed': S.TurnCompletedNotification,
  'turn/diff/updated': S.TurnDiffUpdatedNotification,
  'turn/plan/updated': S.TurnPlanUpdatedNotification,
  'item/started': S.ItemStartedNotification,
  'item/completed': S.ItemCompletedNotification,
  'item/agentMessage/delta': S.AgentMessageDeltaNotification,
  'item/commandExecution/outputDelta': S.CommandExecutionOutputDeltaNotification,
  'item/reasoning/summaryTextDelta': S.ReasoningSummaryTextDeltaNotification,
  'mcpServer/oauthLogin/completed': S.McpServerOauthLoginCompletedNotification,
  'mcpServer/startupStatus/updated': S.McpServerStatusUpdatedNotification,
  'account/rateLimits/updated': S.AccountRateLimitsUpdatedNotification,
  'remoteControl/status/changed': S.RemoteControlStatusChangedNotification,
  'thread/compacted': S.ContextCompactedNotification,
  warning: S.WarningNotification,
  deprecationNotice: S.DeprecationNoticeNotification,
  configWarning: S.ConfigWarningNotification,
} as const satisfies Record<string, z.ZodType>;

/** Server request → its params (sent) and result (read back). */
export const SERVER_REQUESTS_0169 = {
  'item/commandExecution/requestApproval': { params: S.CommandExecutionRequestApprovalParams, result: S.CommandExecutionRequestApprovalResponse },
  'item/fileChange/requestApproval': { params: S.FileChangeRequestApprovalParams, result: S.FileChangeRequestApprovalResponse },
  'item/tool/call': { params: S.DynamicToolCallParams, result: S.DynamicToolCallResponse, experimental: true },
} as const satisfies Record<string, { params: z.ZodType; result: z.ZodType; experimental?: boolean }>;
