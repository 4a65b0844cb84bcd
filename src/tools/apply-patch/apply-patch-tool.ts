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
export function patchWriterSetup(ctx: ToolContext): PatchWriterSetup {
  return { mechanism: ctx.sandboxMechanism, env: ctx.env, unavailable: (reason, hint) => ctx.texts.sandboxUnavailable(reason, hint) };
}

export const applyPatchTool: ToolHandler = async (call, ctx): Promise<ToolResult> => {
  if (ctx.patch === undefined) return { output: ctx.texts.unknownTool(APPLY_PATCH_TOOL_NAME), success: false };
  const got = patchOf(call, ctx);
  if ('error' in got) return { output: got.error, success: false };
  return runPatch({
    patch: got.patch,
    cwd: ctx.cwd,
    policyCwd: ctx.cwd,
    writer: patchWriterSetup(ctx),
    callId: call.callId,
    approvalPolicy: ctx.approvalPolicy,
    approver: ctx.approver,
    context: ctx.patch,
    onApprovalUnavailable: ctx.onApprovalUnavailable,
  });
};
