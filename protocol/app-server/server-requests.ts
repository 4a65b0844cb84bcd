// Server → client requests: approvals and client-side (dynamic) tool calls.
import { z } from 'zod';
import { CommandAction } from './common.js';

export const CommandExecutionRequestApprovalParams = z.object({
  threadId: z.string(),
  turnId: z.string(),
  itemId: z.string(),
  reason: z.string().nullish(),
  command: z.string().nullish(),
  cwd: z.string().nullish(),
  commandActions: z.array(CommandAction).nullish(),
  proposedExecpolicyAmendment: z.array(z.string()).nullish(),
});
export type CommandExecutionRequestApprovalParams = z.infer<typeof CommandExecutionRequestApprovalParams>;

export const CommandExecutionApprovalDecision = z.union([
  z.enum(['accept', 'acceptForSession', 'decline', 'cancel']),
  z.strictObject({ acceptWithExecpolicyAmendment: z.object({ execpolicy_amendment: z.array(z.string()) }) }),
]);

export const CommandExecutionRequestApprovalResponse = z.object({ decision: CommandExecutionApprovalDecision });
export type CommandExecutionRequestApprovalResponse = z.infer<typeof CommandExecutionRequestApprovalResponse>;

export const FileChangeRequestApprovalParams = z.object({
  threadId: z.string(),
  turnId: z.string(),
  itemId: z.string(),
  startedAtMs: z.number().int(),
  reason: z.string().nullish(),
  grantRoot: z.string().nullish(),
});
export type FileChangeRequestApprovalParams = z.infer<typeof FileChangeRequestApprovalParams>;

export const FileChangeRequestApprovalResponse = z.object({ decision: z.enum(['accept', 'acceptForSession', 'decline', 'cancel']) });
export type FileChangeRequestApprovalResponse = z.infer<typeof FileChangeRequestApprovalResponse>;

export const DynamicToolCallParams = z.object({
  threadId: z.string(),
  turnId: z.string(),
  callId: z.string(),
  tool: z.string(),
  arguments: z.unknown(),
});
export type DynamicToolCallParams = z.infer<typeof DynamicToolCallParams>;

export const DynamicToolCallOutputContentItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('inputText'), text: z.string() }),
  z.object({ type: z.literal('inputImage'), imageUrl: z.string() }),
]);

export const DynamicToolCallResponse = z.object({
  contentItems: z.array(DynamicToolCallOutputContentItem),
  success: z.boolean(),
});
export type DynamicToolCallResponse = z.infer<typeof DynamicToolCallResponse>;
