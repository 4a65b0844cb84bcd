// The `apply_patch` tool in both forms Codex offers it: the freeform custom tool, whose call input is
// the patch itself, and the function tool, whose arguments are `{"input": "<patch>"}`. Which output
// item answers it (custom_tool_call_output / function_call_output) is the turn loop's concern.
import { z } from 'zod';
import { errorMessage } from '../../errors.js';
import type { ToolCall, ToolContext, ToolHandler, ToolResult } from '../tool-registry.js';
import { runPatch, type PatchWriterSetup } from './run-patch.js';
import { lazySchema } from '../../../protocol/lazy-schema.js';

export const APPLY_PATCH_TOOL_NAME = 'apply_patch';

const FunctionArgs = lazySchema(() => z.object({ input: z.string() }));

/** The patch text of a call, or the text that tells the model what was wrong with its arguments. */
function patchOf(call: ToolCall, ctx: ToolContext): { patch: string } | { error: string } {
  if (call.kind === 'custom') return { patch: call.arguments };
  let raw: unknown;
  try {
    raw = JSON.parse(call.arguments);
  } catch (err) {
    return { error: ctx.texts.invalidArguments(APPLY_PATCH_TOOL_NAME, errorMessage(err)) };
  }
  const parsed = FunctionArgs.safeParse(raw);
  if (!parsed.success) return { error: ctx.texts.invalidArguments(APPLY_PATCH_TOOL_NAME, 'input: expected the patch text as a string') };
  return { patch: parsed.data.input };
}

/** The patch writer runs in the sandbox of the call's commands. */
function patchWriterSetup(ctx: ToolContext): PatchWriterSetup {
  return { mechanism: ctx.sandboxMechanism, env: ctx.env, unavailable: (reason, hint) => ctx.texts.sandboxUnavailable(reason, hint) };
}

/**
 * A patch of the call, its paths read from `cwd`: what it may write is the thread's roots' alone
 * (the policy's directory is the thread's, whatever `cwd` is).
 */
export function runCallPatch(ctx: ToolContext, context: NonNullable<ToolContext['patch']>, callId: string, patch: string, cwd: string): Promise<ToolResult> {
  return runPatch({
    patch,
    cwd,
    policyCwd: ctx.cwd,
    writer: patchWriterSetup(ctx),
    callId,
    approvalPolicy: ctx.approvalPolicy,
    approver: ctx.approver,
    context,
    onApprovalUnavailable: ctx.onApprovalUnavailable,
    files: ctx.workspace?.files,
  });
}

export const applyPatchTool: ToolHandler = async (call, ctx): Promise<ToolResult> => {
  if (ctx.patch === undefined) return { output: ctx.texts.unknownTool(APPLY_PATCH_TOOL_NAME), success: false };
  const got = patchOf(call, ctx);
  if ('error' in got) return { output: got.error, success: false };
  return runCallPatch(ctx, ctx.patch, call.callId, got.patch, ctx.cwd);
};
