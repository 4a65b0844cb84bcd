// The ends of tool calls a generation may record in its rollout (0.169 writes a completed item for
// each): a command that exited, a patch that was written, an image handed to the model, a wait for
// agents that ended. They are gathered from the tool context's hooks as they happen and recorded
// before the output of the call that saw them end, which for a command left running is a later
// write_stdin call.
import type { ExecEvent } from '../tools/exec-event.js';
import type { FileChangeSummary } from '../tools/apply-patch/patch-context.js';
import type { ToolContext } from '../tools/tool-context.js';

export type ToolItemRecord =
  | { kind: 'command'; end: Extract<ExecEvent, { type: 'end' }> }
  | { kind: 'file_change'; callId: string; changes: readonly FileChangeSummary[]; stdout: string }
  | { kind: 'image_view'; callId: string; path: string }
  /** A wait_agent call that ended by itself, after `durationMs`. */
  | { kind: 'agent_wait'; callId: string; durationMs: number }
  /** A user's own shell command (thread/shellCommand): its argv, the script as typed, how it ended. */
  | { kind: 'user_shell'; callId: string; argv: readonly string[]; script: string; cwd: string; exitCode: number; aggregatedOutput: string; durationMs: number };

/** The context with its hooks also reporting each ended call to `pending` (the listeners still hear everything). */
export function recordingToolItems(ctx: ToolContext, pending: ToolItemRecord[]): ToolContext {
  const { onExecEvent, patch, onImageViewed, onAgentWaitEnded } = ctx;
  return {
    ...ctx,
    onExecEvent: (event) => {
      onExecEvent?.(event);
      if (event.type === 'end') pending.push({ kind: 'command', end: event });
    },
    onImageViewed: (viewed) => {
      onImageViewed?.(viewed);
      pending.push({ kind: 'image_view', callId: viewed.callId, path: viewed.path });
    },
    onAgentWaitEnded: (wait) => {
      onAgentWaitEnded?.(wait);
      pending.push({ kind: 'agent_wait', callId: wait.callId, durationMs: wait.durationMs });
    },
    ...(patch !== undefined
      ? {
          patch: {
            ...patch,
            onPatchEvent: (event) => {
              patch.onPatchEvent?.(event);
              if (event.type === 'end' && event.status === 'completed') {
                pending.push({ kind: 'file_change', callId: event.callId, changes: event.changes, stdout: event.stdout });
              }
            },
          },
        }
      : {}),
  };
}
