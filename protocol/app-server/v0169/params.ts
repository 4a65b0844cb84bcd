// Params of the 0.169 app-server methods weft serves (Codex 0.169's `v2/*Params` definitions). Every
// property of those definitions is accepted here; fields weft acts on are typed, the rest are
// accepted and ignored (as Codex ignores what a feature that is off would use). Experimental fields
// Codex hides from its generated schema (`dynamicTools`, `collaborationMode`) are accepted too.
// test/unit/app-server/app-server-0169-params-match-the-schema.test.ts holds these against the JSON Schema.
import { z } from 'zod';
import { ByteRange, CollaborationMode, DynamicToolSpec, NetworkAccess, Personality, SandboxMode, WorkspaceWritePolicy } from '../common.js';

const u32 = z.number().int().nonnegative().max(0xffffffff);
const str = z.string().nullish();

const ApprovalName0169 = z.enum(['untrusted', 'on-request', 'never']);
const GranularApproval0169 = z.strictObject({ granular: z.record(z.string(), z.boolean()) });
/** 0.169 dropped `on-failure`; its refusal names the variants in this order (`granular` is the object form). */
const APPROVAL_VARIANTS_0169 = ['untrusted', 'on-request', 'granular', 'never'];

export const AskForApproval0169 = z
  .union([z.string(), GranularApproval0169])
  .superRefine((v, ctx) => {
    if (typeof v === 'string' && !ApprovalName0169.safeParse(v).success) ctx.addIssue({ code: 'invalid_value', values: APPROVAL_VARIANTS_0169, input: v });
  })
  .transform((v) => v as z.infer<typeof ApprovalName0169> | z.infer<typeof GranularApproval0169>);
export const ApprovalsReviewer = z.enum(['user', 'auto_review', 'guardian_subagent']);
export const SortDirection = z.enum(['asc', 'desc']);
export const TurnItemsView = z.enum(['notLoaded', 'summary', 'full']);

const TextElement = z.object({ byteRange: ByteRange, placeholder: z.string().nullish() });

/** The input kinds of 0.169, in Codex's order (its error for an unknown kind lists them so). */
export const UserInput0169 = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string(), text_elements: z.array(TextElement).optional() }),
  z.object({ type: z.literal('image'), url: z.string().optional(), fileId: z.string().optional(), detail: z.string().nullish() }),
  z.object({ type: z.literal('localImage'), path: z.string(), detail: z.string().nullish() }),
  z.object({ type: z.literal('audio'), url: z.string().optional(), fileId: z.string().optional() }),
  z.object({ type: z.literal('localAudio'), path: z.string() }),
  z.object({ type: z.literal('skill'), name: z.string(), path: z.string() }),
  z.object({ type: z.literal('mention'), name: z.string(), path: z.string() }),
]);
export type UserInput0169 = z.infer<typeof UserInput0169>;

export const SandboxPolicy0169 = z.discriminatedUnion('type', [
  z.object({ type: z.literal('dangerFullAccess') }),
  z.object({ type: z.literal('readOnly'), networkAccess: z.boolean().optional() }),
  z.object({ type: z.literal('externalSandbox'), networkAccess: NetworkAccess.optional() }),
  WorkspaceWritePolicy,
]);

/** Settings every thread-opening method accepts (start, resume, fork). */
const openSettings = {
  model: str,
  modelProvider: str,
  cwd: str,
  approvalPolicy: AskForApproval0169.nullish(),
  approvalsReviewer: ApprovalsReviewer.nullish(),
  sandbox: SandboxMode.nullish(),
  config: z.record(z.string(), z.unknown()).nullish(),
  baseInstructions: str,
  developerInstructions: str,
  serviceTier: str,
};

export const ThreadStartParams0169 = z.object({
  ...openSettings,
  personality: Personality.nullish(),
  ephemeral: z.boolean().nullish(),
  serviceName: str,
  sessionStartSource: z.enum(['startup', 'clear']).nullish(),
  threadSource: str,
  dynamicTools: z.array(DynamicToolSpec).nullish(),
  experimentalRawEvents: z.boolean().optional(),
});

export const ThreadResumeParams0169 = z.object({
  threadId: z.string(),
  ...openSettings,
  personality: Personality.nullish(),
  excludeTurns: z.boolean().optional(),
  path: str,
  history: z.array(z.unknown()).nullish(),
});

export const ThreadForkParams0169 = z.object({
  threadId: z.string(),
  ...openSettings,
  ephemeral: z.boolean().optional(),
  excludeTurns: z.boolean().optional(),
  lastTurnId: str,
  threadSource: str,
  path: str,
});

export const ThreadListParams0169 = z.object({
  archived: z.boolean().nullish(),
  currentAccountOnly: z.boolean().optional(),
  cursor: str,
  cwd: z.union([z.string(), z.array(z.string())]).nullish(),
  excludedThreadIds: z.array(z.string()).nullish(),
  limit: u32.nullish(),
  modelProviders: z.array(z.string()).nullish(),
  originators: z.array(z.string()).nullish(),
  searchTerm: str,
  sectionId: str,
  sortDirection: SortDirection.nullish(),
  sortKey: z.enum(['created_at', 'updated_at', 'recency_at', 'section_position']).nullish(),
  sourceKinds: z.array(z.string()).nullish(),
  useStateDbOnly: z.boolean().optional(),
});

export const ThreadLoadedListParams0169 = z.object({ cursor: str, limit: u32.nullish() });
export const ThreadReadParams0169 = z.object({ threadId: z.string(), includeTurns: z.boolean().optional() });
export const ThreadIdParams0169 = z.object({ threadId: z.string() });
export const ThreadSetNameParams0169 = z.object({ threadId: z.string(), name: z.string() });
export const ThreadRollbackParams0169 = z.object({ threadId: z.string(), numTurns: u32 });
export const ThreadRevertParams0169 = z.object({ threadId: z.string(), beforeTurnId: z.string() });

export const ThreadTurnsListParams0169 = z.object({
  threadId: z.string(),
  cursor: str,
  itemsView: TurnItemsView.nullish(),
  limit: u32.nullish(),
  sortDirection: SortDirection.nullish(),
});

export const ThreadItemsListParams0169 = z.object({
  threadId: z.string(),
  cursor: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  deferOutput: z.record(z.string(), z.unknown()).nullish(),
  limit: u32.nullish(),
  sortDirection: SortDirection.nullish(),
  turnId: str,
});

export const TurnStartParams0169 = z.object({
  threadId: z.string(),
  input: z.array(UserInput0169),
  approvalPolicy: AskForApproval0169.nullish(),
  approvalsReviewer: ApprovalsReviewer.nullish(),
  clientUserMessageId: str,
  cwd: str,
  disabledPluginIds: z.array(z.string()).nullish(),
  effort: z.string().min(1).nullish(),
  model: str,
  /** JSON Schema the final answer must follow; null or absent: none. */
  outputSchema: z.unknown().optional(),
  parentTurnId: str,
  personality: Personality.nullish(),
  rootTurnId: str,
  sandboxPolicy: SandboxPolicy0169.nullish(),
  serviceTier: str,
  serviceTierForTurn: str,
  summary: z.enum(['auto', 'concise', 'detailed', 'none']).nullish(),
  toolOutput: z.record(z.string(), z.unknown()).nullish(),
  turnTrigger: str,
  collaborationMode: CollaborationMode.nullish(),
});
export type TurnStartParams0169 = z.infer<typeof TurnStartParams0169>;

export const TurnSteerParams0169 = z.object({
  threadId: z.string(),
  input: z.array(UserInput0169),
  expectedTurnId: z.string(),
  clientUserMessageId: str,
});
export const TurnInterruptParams0169 = z.object({ threadId: z.string(), turnId: z.string() });

export const ModelListParams0169 = z.object({
  cursor: str,
  includeHidden: z.boolean().nullish(),
  limit: u32.nullish(),
  modelProvider: str,
});

/** `account/read`: `refreshToken` asks a managed sign-in to refresh first. */
export const AccountReadParams0169 = z.object({ refreshToken: z.boolean().optional() });

/** `skills/list`: the cwds to list for (none: the server's), and whether to bypass a cache. */
export const SkillsListParams0169 = z.object({ cwds: z.array(z.string()).optional(), forceReload: z.boolean().optional() });

export const ConfigReadParams0169 = z.object({ includeLayers: z.boolean().optional(), cwd: str });
