// thread/approveGuardianDeniedAction (0.169): the user approves an action that automatic review
// (Codex's "guardian") denied. weft has no automatic reviewer, so no denial of its own ever reaches a
// client, but the method does what Codex 0.169 does with any event a client sends (read from Codex's
// source and checked on the real binary): the event is read first (Codex's deserializer wording for a
// missing field or an unknown status or action kind), then the thread; an event whose status is not
// `denied` is ignored; a denied one becomes a developer message telling the model the user allowed
// that exact action (tools/guardian-approval.ts), in the running turn or before the next one. The
// answer is `{}`, and nothing is notified.
import type { z } from 'zod';
import type { ThreadApproveGuardianDeniedActionParams0169 } from '../../../protocol/app-server/v0169/guardian-params.js';
import { guardianApprovalItem } from '../../tools/guardian-approval.js';
import { rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

const STATUSES = ['in_progress', 'approved', 'denied', 'timed_out', 'aborted'];
const ACTIONS = ['command', 'execve', 'write_stdin', 'apply_patch', 'network_access', 'mcp_tool_call', 'request_permissions'];

const invalid = (detail: string) => rpcError.invalidRequest(`invalid Guardian denial event: ${detail}`);
const list = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ');

/** The event's status and action, checked as Codex's deserializer checks them (first problem wins). */
function readEvent(event: unknown): { status: string; action: Record<string, unknown> } {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) throw invalid('invalid type: expected struct GuardianAssessmentEvent');
  const e = event as Record<string, unknown>;
  for (const field of ['id', 'status', 'action']) if (e[field] === undefined) throw invalid(`missing field \`${field}\``);
  if (typeof e.id !== 'string') throw invalid('invalid type: expected a string');
  if (typeof e.status !== 'string' || !STATUSES.includes(e.status)) throw invalid(`unknown variant \`${String(e.status)}\`, expected one of ${list(STATUSES)}`);
  const action = e.action;
  if (typeof action !== 'object' || action === null || Array.isArray(action)) throw invalid('invalid type: expected internally tagged enum GuardianAssessmentAction');
  const kind = (action as Record<string, unknown>).type;
  if (kind === undefined) throw invalid('missing field `type`');
  if (typeof kind !== 'string' || !ACTIONS.includes(kind)) throw invalid(`unknown variant \`${String(kind)}\`, expected one of ${list(ACTIONS)}`);
  return { status: e.status, action: action as Record<string, unknown> };
}

export async function threadApproveGuardianDeniedAction(ctx: ServerContext, params: z.infer<typeof ThreadApproveGuardianDeniedActionParams0169>): Promise<HandlerResult> {
  const { status, action } = readEvent(params.event);
  const loaded = ctx.requireLoaded(params.threadId);
  if (status === 'denied') loaded.thread.tellModel(await guardianApprovalItem(loaded.weft.runtime.pack, action));
  return { result: {} };
}
