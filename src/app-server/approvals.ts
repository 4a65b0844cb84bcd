// Approvals asked of the client (`item/commandExecution/requestApproval` for commands,
// `item/fileChange/requestApproval` for apply_patch writes), and the
// exec_command handler wrapped so that the question names the tool call's item.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { CommandExecutionRequestApprovalResponse, FileChangeRequestApprovalResponse } from '../../protocol/app-server/server-requests.js';
import type { FileChangeSummary } from '../tools/apply-patch/run-patch.js';
import type { ApprovalDecision, Approver } from '../tools/approval.js';
import { createExecCommandHandler } from '../tools/unified-exec/exec-command-tool.js';
import type { ToolHandler } from '../tools/tool-registry.js';
import type { RpcConnection } from './rpc-connection.js';
import { turnScope } from './turn-scope.js';

export function clientApprover(conn: RpcConnection, log: (message: string) => void): Approver {
  return async (req) => {
    const scope = turnScope.getStore();
    if (!scope) return 'denied';
    if (req.fileChanges) return askFileChange(conn, log, scope, req.callId ?? randomUUID(), req.fileChanges);
    const itemId = scope.callId ?? randomUUID();
    scope.notifier.announceCommand(itemId, req.command, req.cwd);
    const decision = await clientDecision(log, itemId, CommandExecutionRequestApprovalResponse, () =>
      conn.request(
        'item/commandExecution/requestApproval',
        {
          threadId: scope.threadId,
          turnId: scope.turnId,
          itemId,
          ...(scope.stampsRequests ? { startedAtMs: Date.now() } : {}),
          reason: req.reason ?? null,
          command: req.command,
          cwd: req.cwd,
          commandActions: [{ type: 'unknown', command: req.command }],
        },
        scope.signal,
      ),
    );
    if (decision === 'accept' || decision === 'acceptForSession' || typeof decision === 'object') return 'approved';
    scope.notifier.commandDeclined(itemId, req.command, req.cwd);
    if (decision === 'cancel') scope.interrupt();
    return 'denied';
  };
}

/** The client's `decision`; an answer of the wrong shape or a failed request counts as `decline`. */
async function clientDecision(
  log: (message: string) => void,
  itemId: string,
  schema: z.ZodType<{ decision: unknown }>,
  ask: () => Promise<unknown>,
): Promise<unknown> {
  try {
    const parsed = schema.safeParse(await ask());
    if (parsed.success) return parsed.data.decision;
    log(`approval answer for ${itemId} is not {"decision": …}; taken as decline`);
  } catch (err) {
    log(`approval request for ${itemId} failed: ${(err as Error).message}; taken as decline`);
  }
  return 'decline';
}

/** `item/fileChange/requestApproval` for an apply_patch write, after its item is shown. */
async function askFileChange(
  conn: RpcConnection,
  log: (message: string) => void,
  scope: NonNullable<ReturnType<typeof turnScope.getStore>>,
  itemId: string,
  changes: readonly FileChangeSummary[],
): Promise<ApprovalDecision> {
  scope.notifier.announceFileChange(itemId, changes);
  const decision = await clientDecision(log, itemId, FileChangeRequestApprovalResponse, () =>
    conn.request(
      'item/fileChange/requestApproval',
      { threadId: scope.threadId, turnId: scope.turnId, itemId, startedAtMs: Date.now(), reason: null, grantRoot: null },
      scope.signal,
    ),
  );
  if (decision === 'accept' || decision === 'acceptForSession') return 'approved';
  if (decision === 'cancel') scope.interrupt();
  return 'denied';
}

/** exec_command, run inside a scope that carries its call id (the approval's item id). */
export function scopedExecCommand(): ToolHandler {
  const inner = createExecCommandHandler();
  return (call, ctx) => {
    const scope = turnScope.getStore();
    return scope ? turnScope.run({ ...scope, callId: call.callId }, () => inner(call, ctx)) : inner(call, ctx);
  };
}
