// Codex's reactive escalation: a command that failed inside the sandbox in a way that looks like the
// sandbox's doing (sandbox-denial.ts) may be offered to the user to run again outside it. Which
// approval policies make that offer is Codex's choice for commands: `on-failure` (that is what the
// policy is for) and `untrusted`; never under `never` (nobody is asked) nor `on-request` (there the
// model asks up front with `sandbox_permissions: "require_escalated"`). A command the user already
// approved is retried without a second question.
import type { ApprovalPolicy } from '../../../protocol/config.js';

/** Whether a sandbox denial under `policy` is offered for a retry outside the sandbox. */
export function offersRetryOutsideSandbox(policy: ApprovalPolicy): boolean {
  return policy === 'on-failure' || policy === 'untrusted';
}

/** The reason shown with the retry question (to the user, never to the model). */
export const RETRY_OUTSIDE_SANDBOX_REASON = 'the sandbox seems to have stopped this command; run it again without the sandbox?';
