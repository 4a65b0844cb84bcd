// The names Codex's generated schema gives the messages weft speaks (facts of its layout: one file
// per type, `v2/<Type>.json`, the handshake under `v1/`, server-to-client requests and the JSON-RPC
// envelopes at the top). Names only; the shapes are the zod schemas beside this file.
/** Client request → its params type (null: the method takes no params) and its response type. */
export const REQUEST_TYPE_NAMES: Readonly<Record<string, readonly [string | null, string]>> = {
  'thread/start': ['ThreadStartParams', 'ThreadStartResponse'],
  'thread/resume': ['ThreadResumeParams', 'ThreadResumeResponse'],
  'thread/fork': ['ThreadForkParams', 'ThreadForkResponse'],
  'thread/archive': ['ThreadArchiveParams', 'ThreadArchiveResponse'],
  'thread/unarchive': ['ThreadUnarchiveParams', 'ThreadUnarchiveResponse'],
  'thread/name/set': ['ThreadSetNameParams', 'ThreadSetNameResponse'],
  'thread/compact/start': ['ThreadCompactStartParams', 'ThreadCompactStartResponse'],
  'thread/rollback': ['ThreadRollbackParams', 'ThreadRollbackResponse'],
  'thread/revert': ['ThreadRevertParams', 'ThreadRevertResponse'],
  'thread/list': ['ThreadListParams', 'ThreadListResponse'],
  'thread/loaded/list': ['ThreadLoadedListParams', 'ThreadLoadedListResponse'],
  'thread/read': ['ThreadReadParams', 'ThreadReadResponse'],
  'thread/turns/list': ['ThreadTurnsListParams', 'ThreadTurnsListResponse'],
  'thread/items/list': ['ThreadItemsListParams', 'ThreadItemsListResponse'],
  'turn/start': ['TurnStartParams', 'TurnStartResponse'],
  'turn/steer': ['TurnSteerParams', 'TurnSteerResponse'],
  'turn/interrupt': ['TurnInterruptParams', 'TurnInterruptResponse'],
  'model/list': ['ModelListParams', 'ModelListResponse'],
  'collaborationMode/list': ['CollaborationModeListParams', 'CollaborationModeListResponse'],
  'mcpServerStatus/list': ['ListMcpServerStatusParams', 'ListMcpServerStatusResponse'],
  'mcpServer/tool/call': ['McpServerToolCallParams', 'McpServerToolCallResponse'],
  'mcpServer/resource/read': ['McpResourceReadParams', 'McpResourceReadResponse'],
  'mcpServer/oauth/login': ['McpServerOauthLoginParams', 'McpServerOauthLoginResponse'],
  'config/read': ['ConfigReadParams', 'ConfigReadResponse'],
  'config/value/write': ['ConfigValueWriteParams', 'ConfigWriteResponse'],
  // 0.171: answered with the config write's response.
  'modelProvider/default/set': ['ModelProviderDefaultSetParams', 'ConfigWriteResponse'],
  'config/batchWrite': ['ConfigBatchWriteParams', 'ConfigWriteResponse'],
  'configRequirements/read': [null, 'ConfigRequirementsReadResponse'],
  'account/read': ['GetAccountParams', 'GetAccountResponse'],
  'thread/unsubscribe': ['ThreadUnsubscribeParams', 'ThreadUnsubscribeResponse'],
  'skills/list': ['SkillsListParams', 'SkillsListResponse'],
  'config/mcpServer/reload': [null, 'McpServerRefreshResponse'],
};

/** Server request → params and response types (these sit at the top of the layout). */
export const SERVER_REQUEST_TYPE_NAMES: Readonly<Record<string, readonly [string, string]>> = {
  'item/commandExecution/requestApproval': ['CommandExecutionRequestApprovalParams', 'CommandExecutionRequestApprovalResponse'],
  'item/fileChange/requestApproval': ['FileChangeRequestApprovalParams', 'FileChangeRequestApprovalResponse'],
  'item/tool/call': ['DynamicToolCallParams', 'DynamicToolCallResponse'],
};

/** Server notification → its params type. */
export const NOTIFICATION_TYPE_NAMES: Readonly<Record<string, string>> = {
  error: 'ErrorNotification',
  'thread/started': 'ThreadStartedNotification',
  'thread/search/partial': 'ThreadSearchPartialNotification',
  'thread/name/updated': 'ThreadNameUpdatedNotification',
  'thread/tokenUsage/updated': 'ThreadTokenUsageUpdatedNotification',
  'turn/started': 'TurnStartedNotification',
  'turn/completed': 'TurnCompletedNotification',
  'turn/diff/updated': 'TurnDiffUpdatedNotification',
  'item/started': 'ItemStartedNotification',
  'item/completed': 'ItemCompletedNotification',
  'item/agentMessage/delta': 'AgentMessageDeltaNotification',
  'item/reasoning/summaryTextDelta': 'ReasoningSummaryTextDeltaNotification',
  'item/commandExecution/outputDelta': 'CommandExecutionOutputDeltaNotification',
  'account/rateLimits/updated': 'AccountRateLimitsUpdatedNotification',
  'thread/compacted': 'ContextCompactedNotification',
  configWarning: 'ConfigWarningNotification',
  'turn/plan/updated': 'TurnPlanUpdatedNotification',
  'mcpServer/startupStatus/updated': 'McpServerStatusUpdatedNotification',
  'mcpServer/oauthLogin/completed': 'McpServerOauthLoginCompletedNotification',
  // 0.169 only
  'thread/status/changed': 'ThreadStatusChangedNotification',
  'thread/archived': 'ThreadArchivedNotification',
  'thread/unarchived': 'ThreadUnarchivedNotification',
  'thread/reverted': 'ThreadRevertedNotification',
  'thread/goal/cleared': 'ThreadGoalClearedNotification',
  'remoteControl/status/changed': 'RemoteControlStatusChangedNotification',
  warning: 'WarningNotification',
  deprecationNotice: 'DeprecationNoticeNotification',
};

/**
 * Types of the 0.169 messages whose TypeScript file Codex writes at the top of its layout, not
 * under `v2/` (its TypeScript layout differs from its JSON one; every other type is in `v2/`).
 */
export const TS_TOP_LEVEL_TYPES_0169: ReadonlySet<string> = new Set([
  'AbsolutePathBuf',
  'AgentPath',
  'AutoCompactTokenLimitScope',
  'CollaborationMode',
  'ForcedLoginMethod',
  'FunctionCallOutputBody',
  'FunctionCallOutputContentItem',
  'ImageDetail',
  'ImageGenerationFailure',
  'ImageGenerationInputImage',
  'InitializeResponse',
  'InputModality',
  'LegacyAppPathString',
  'McpServerInfo',
  'MessagePhase',
  'ModeKind',
  'PlanType',
  'ReasoningEffort',
  'ReasoningSummary',
  'Resource',
  'ResourceContent',
  'ResourceTemplate',
  'Settings',
  'SubAgentSource',
  'ThreadId',
  'Tool',
  'Verbosity',
  'WebSearchContextSize',
  'WebSearchLocation',
  'WebSearchMode',
  'WebSearchProvider',
  'WebSearchToolConfig',
]);

