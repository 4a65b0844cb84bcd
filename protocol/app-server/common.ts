// Shapes shared by the app-server v2 methods and notifications (Codex 0.98's `v2` definitions):
// threads, turns, items, user input, settings and token usage. Key order in each object schema is
// the order Codex serializes it in.
import { z } from 'zod';

export const AskForApproval = z.enum(['untrusted', 'on-failure', 'on-request', 'never']);
export type AskForApproval = z.infer<typeof AskForApproval>;

export const SandboxMode = z.enum(['read-only', 'workspace-write', 'danger-full-access']);
export type SandboxMode = z.infer<typeof SandboxMode>;

export const Personality = z.enum(['none', 'friendly', 'pragmatic']);
export type Personality = z.infer<typeof Personality>;

export const ReasoningEffort = z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh']);
export type ReasoningEffort = z.infer<typeof ReasoningEffort>;

export const ReasoningSummary = z.enum(['auto', 'concise', 'detailed', 'none']);
export type ReasoningSummary = z.infer<typeof ReasoningSummary>;

export const NetworkAccess = z.enum(['restricted', 'enabled']);

/** The one policy both protocol generations spell the same way. */
export const WorkspaceWritePolicy = z.object({
  type: z.literal('workspaceWrite'),
  writableRoots: z.array(z.string()).optional(),
  networkAccess: z.boolean().optional(),
  excludeTmpdirEnvVar: z.boolean().optional(),
  excludeSlashTmp: z.boolean().optional(),
});

export const SandboxPolicy = z.discriminatedUnion('type', [
  z.object({ type: z.literal('dangerFullAccess') }),
  z.object({ type: z.literal('readOnly') }),
  z.object({ type: z.literal('externalSandbox'), networkAccess: NetworkAccess.optional() }),
  WorkspaceWritePolicy,
]);
export type SandboxPolicy = z.infer<typeof SandboxPolicy>;

export const ByteRange = z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() });
export const TextElement = z.object({ byteRange: ByteRange, placeholder: z.string().nullish() });
export type TextElement = z.infer<typeof TextElement>;

export const UserInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string(), text_elements: z.array(TextElement).optional() }),
  z.object({ type: z.literal('image'), url: z.string() }),
  z.object({ type: z.literal('localImage'), path: z.string() }),
  z.object({ type: z.literal('skill'), name: z.string(), path: z.string() }),
  z.object({ type: z.literal('mention'), name: z.string(), path: z.string() }),
]);
export type UserInput = z.infer<typeof UserInput>;

export const CommandAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('read'), command: z.string(), name: z.string(), path: z.string() }),
  z.object({ type: z.literal('listFiles'), command: z.string(), path: z.string().nullish() }),
  z.object({ type: z.literal('search'), command: z.string(), query: z.string().nullish(), path: z.string().nullish() }),
  z.object({ type: z.literal('unknown'), command: z.string() }),
]);
export type CommandAction = z.infer<typeof CommandAction>;

const ItemStatus = z.enum(['inProgress', 'completed', 'failed', 'declined']);

export const PatchChangeKind = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add') }),
  z.object({ type: z.literal('delete') }),
  z.object({ type: z.literal('update'), move_path: z.string().nullish() }),
]);

export const WebSearchActionV2 = z.discriminatedUnion('type', [
  z.object({ type: z.literal('search'), query: z.string().nullish(), queries: z.array(z.string()).nullish() }),
  z.object({ type: z.literal('openPage'), url: z.string().nullish() }),
  z.object({ type: z.literal('findInPage'), url: z.string().nullish(), pattern: z.string().nullish() }),
  z.object({ type: z.literal('other') }),
]);

const CollabAgentStatus = z.enum(['pendingInit', 'running', 'completed', 'errored', 'shutdown', 'notFound']);

/** What a turn is made of, in notifications and in `thread.turns[].items`. */
export const ThreadItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('userMessage'), id: z.string(), content: z.array(UserInput) }),
  z.object({ type: z.literal('agentMessage'), id: z.string(), text: z.string() }),
  z.object({ type: z.literal('plan'), id: z.string(), text: z.string() }),
  z.object({
    type: z.literal('reasoning'),
    id: z.string(),
    summary: z.array(z.string()).optional(),
    content: z.array(z.string()).optional(),
  }),
  z.object({
    type: z.literal('commandExecution'),
    id: z.string(),
    command: z.string(),
    cwd: z.string(),
    processId: z.string().nullish(),
    status: ItemStatus,
    commandActions: z.array(CommandAction),
    /** Who ran it (0.169): a user's own shell command is `userShell`; absent for the model's commands. */
    source: z.enum(['agent', 'userShell', 'unifiedExecStartup', 'unifiedExecInteraction']).optional(),
    aggregatedOutput: z.string().nullish(),
    exitCode: z.number().int().nullish(),
    durationMs: z.number().int().nullish(),
  }),
  z.object({
    type: z.literal('fileChange'),
    id: z.string(),
    changes: z.array(z.object({ path: z.string(), kind: PatchChangeKind, diff: z.string() })),
    status: ItemStatus,
  }),
  z.object({
    type: z.literal('mcpToolCall'),
    id: z.string(),
    server: z.string(),
    tool: z.string(),
    status: z.enum(['inProgress', 'completed', 'failed']),
    arguments: z.unknown(),
    result: z.object({ content: z.array(z.unknown()), structuredContent: z.unknown().optional() }).nullish(),
    error: z.object({ message: z.string() }).nullish(),
    durationMs: z.number().int().nullish(),
  }),
  z.object({
    type: z.literal('collabAgentToolCall'),
    id: z.string(),
    tool: z.enum(['spawnAgent', 'sendInput', 'resumeAgent', 'wait', 'closeAgent', 'sendMessage', 'followupTask', 'interruptAgent', 'listAgents']),
    status: z.enum(['inProgress', 'completed', 'failed', 'interrupted']),
    senderThreadId: z.string(),
    receiverThreadIds: z.array(z.string()),
    prompt: z.string().nullish(),
    model: z.string().nullish(),
    reasoningEffort: z.string().nullish(),
    agentsStates: z.record(z.string(), z.object({ status: CollabAgentStatus, message: z.string().nullish() })),
  }),
  z.object({
    type: z.literal('subAgentActivity'),
    model: z.string().nullish(),
    reasoningEffort: z.string().nullish(),
    id: z.string(),
    kind: z.enum(['started', 'interacted', 'interrupted', 'completed']),
    agentThreadId: z.string(),
    agentPath: z.string(),
  }),
  z.object({ type: z.literal('webSearch'), id: z.string(), query: z.string(), action: WebSearchActionV2.nullish() }),
  z.object({ type: z.literal('imageView'), id: z.string(), path: z.string() }),
  z.object({ type: z.literal('enteredReviewMode'), id: z.string(), review: z.string() }),
  z.object({ type: z.literal('exitedReviewMode'), id: z.string(), review: z.string() }),
  z.object({ type: z.literal('contextCompaction'), id: z.string() }),
]);
export type ThreadItem = z.infer<typeof ThreadItem>;

const HttpStatusInfo = z.object({ httpStatusCode: z.number().int().nullish() });

export const CodexErrorInfo = z.union([
  z.enum([
    'contextWindowExceeded',
    'usageLimitExceeded',
    'internalServerError',
    'unauthorized',
    'badRequest',
    'threadRollbackFailed',
    'sandboxError',
    'other',
  ]),
  z.strictObject({ modelCap: z.object({ model: z.string(), reset_after_seconds: z.number().int().nullish() }) }),
  z.strictObject({ httpConnectionFailed: HttpStatusInfo }),
  z.strictObject({ responseStreamConnectionFailed: HttpStatusInfo }),
  z.strictObject({ responseStreamDisconnected: HttpStatusInfo }),
  z.strictObject({ responseTooManyFailedAttempts: HttpStatusInfo }),
]);
export type CodexErrorInfo = z.infer<typeof CodexErrorInfo>;

export const TurnError = z.object({
  message: z.string(),
  codexErrorInfo: CodexErrorInfo.nullish(),
  additionalDetails: z.string().nullish(),
});
export type TurnError = z.infer<typeof TurnError>;

export const TurnStatus = z.enum(['completed', 'interrupted', 'failed', 'inProgress']);
export type TurnStatus = z.infer<typeof TurnStatus>;

export const Turn = z.object({
  id: z.string(),
  items: z.array(ThreadItem),
  status: TurnStatus,
  error: TurnError.nullish(),
});
export type Turn = z.infer<typeof Turn>;

export const GitInfo = z.object({ sha: z.string().nullish(), branch: z.string().nullish(), originUrl: z.string().nullish() });
export type GitInfo = z.infer<typeof GitInfo>;

const SubAgentSource = z.union([
  z.enum(['review', 'compact']),
  z.strictObject({ thread_spawn: z.object({ parent_thread_id: z.string(), depth: z.number().int() }) }),
  z.strictObject({ other: z.string() }),
]);

export const SessionSource = z.union([
  z.enum(['cli', 'vscode', 'exec', 'appServer', 'unknown']),
  z.strictObject({ subAgent: SubAgentSource }),
]);
export type SessionSource = z.infer<typeof SessionSource>;

export const Thread = z.object({
  id: z.string(),
  preview: z.string(),
  modelProvider: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  path: z.string().nullish(),
  cwd: z.string(),
  cliVersion: z.string(),
  source: SessionSource,
  gitInfo: GitInfo.nullish(),
  turns: z.array(Turn),
});
export type Thread = z.infer<typeof Thread>;

export const TokenUsageBreakdown = z.object({
  totalTokens: z.number().int(),
  inputTokens: z.number().int(),
  cachedInputTokens: z.number().int(),
  outputTokens: z.number().int(),
  reasoningOutputTokens: z.number().int(),
});
export type TokenUsageBreakdown = z.infer<typeof TokenUsageBreakdown>;

export const ThreadTokenUsage = z.object({
  total: TokenUsageBreakdown,
  last: TokenUsageBreakdown,
  modelContextWindow: z.number().int().nullish(),
});
export type ThreadTokenUsage = z.infer<typeof ThreadTokenUsage>;

export const ModeKind = z.enum(['plan', 'default']);

/** A collaboration mode as `turn/start` sets it (snake_case inside `settings`, as Codex has it). */
export const CollaborationMode = z.object({
  mode: ModeKind,
  settings: z.object({
    model: z.string(),
    reasoning_effort: ReasoningEffort.nullish(),
    developer_instructions: z.string().nullish(),
  }),
});
export type CollaborationMode = z.infer<typeof CollaborationMode>;

/** A tool the client implements; the model calls it and the server asks the client (`item/tool/call`). */
export const DynamicToolSpec = z.object({ name: z.string(), description: z.string(), inputSchema: z.unknown() });
export type DynamicToolSpec = z.infer<typeof DynamicToolSpec>;

const RateLimitWindow = z.object({
  usedPercent: z.number().int(),
  windowDurationMins: z.number().int().nullish(),
  resetsAt: z.number().int().nullish(),
});

export const RateLimitSnapshot = z.object({
  primary: RateLimitWindow.nullish(),
  secondary: RateLimitWindow.nullish(),
  credits: z.object({ hasCredits: z.boolean(), unlimited: z.boolean(), balance: z.string().nullish() }).nullish(),
  planType: z.enum(['free', 'go', 'plus', 'pro', 'team', 'business', 'enterprise', 'edu', 'unknown']).nullish(),
});
export type RateLimitSnapshot = z.infer<typeof RateLimitSnapshot>;
