// When weft must ask before running a command, and how it asks. Besides the OS sandbox (on Linux,
// see sandbox/), the approval policy decides when the user is asked:
// - `never`: run everything without asking (the user opted out of prompts);
// - `untrusted` and `on-request`: run known read-only commands, ask for everything else;
// - `on-failure`: run without asking; a sandboxed command the sandbox seems to have stopped is offered
//   to the user for a run outside the sandbox (sandbox/sandbox-retry.ts, as Codex does).
// Under `on-request` with `danger-full-access` there is no sandbox to contain a command: as in Codex,
// it runs without asking unless it destroys work (dangerous-commands.ts), and asking for escalated
// permissions asks nothing (there is nothing to escalate to).
// Without anyone to ask, a command that needs approval is refused, never run; the refusal is told
// to the thread's listener (`approval_unavailable`), naming the settings that would let it run.
import type { ToolTexts } from './tool-texts.js';
import type { FileChangeSummary } from './apply-patch/patch-context.js';
import type { Readable, Writable } from 'node:stream';
import type { ApprovalPolicy, SandboxMode } from '../../protocol/config.js';
import { errorMessage } from '../errors.js';
import { isKnownSafeScript } from './known-safe-commands.js';
import { mightBeDangerous } from './dangerous-commands.js';
import { nodeReadline } from '../node-builtins.js';

export { isKnownSafeCommand, isKnownSafeScript } from './known-safe-commands.js';

export interface ApprovalRequest {
  /** The command line as the model wrote it. */
  command: string;
  cwd: string;
  /** Why the model wants it (its `justification`), when it gave one. */
  reason?: string;
  /** Set when the question is about writing files (apply_patch) rather than running a command. */
  fileChanges?: readonly FileChangeSummary[];
  /** The tool call asking, when the approver needs to name it (app-server items). */
  callId?: string;
}
export type ApprovalDecision = 'approved' | 'denied';
export type Approver = (req: ApprovalRequest) => Promise<ApprovalDecision>;

/** Whether running `command` (a shell command line) needs the user's approval first. */
export function needsApproval(command: string, approvalPolicy: ApprovalPolicy, sandboxMode: SandboxMode): boolean {
  switch (approvalPolicy) {
    case 'never':
    case 'on-failure':
      return false;
    case 'untrusted':
      return !isKnownSafeScript(command);
    case 'on-request':
      if (isKnownSafeScript(command)) return false;
      return sandboxMode === 'danger-full-access' ? mightBeDangerous(command) : true;
  }
}

/**
 * A refusal because nobody could be asked: `unavailable` is set so that the caller tells the
 * thread's listener (the model reads `output`, the pack's text, either way).
 */
export type Authorization = { run: true; asked: boolean } | { run: false; output: string; unavailable?: true };

/** What a listener is told of an approval nobody could give (see `unavailableMessage`). */
export interface ApprovalUnavailable {
  readonly callId: string;
  /** The command line, or `apply_patch` for a file change. */
  readonly command: string;
  readonly cwd: string;
  readonly approvalPolicy: ApprovalPolicy;
  readonly sandboxMode: SandboxMode;
}

/** One line for the user: what was refused, why, and which setting to change. */
export function unavailableMessage(r: ApprovalUnavailable): string {
  const what = r.command === 'apply_patch' ? 'a file change (apply_patch)' : `the command \`${r.command}\``;
  return (
    `refused ${what}: approval_policy = "${r.approvalPolicy}" asks before it runs, and nobody can approve here (no terminal or approver). ` +
    `To let it run, set approval_policy = "never" (it then runs within sandbox_mode = "${r.sandboxMode}"), ` +
    `or change sandbox_mode, or run where weft can ask`
  );
}

export interface AuthorizeOptions {
  approvalPolicy: ApprovalPolicy;
  sandboxMode: SandboxMode;
  approver?: Approver | undefined;
  /** Ask even for a known-safe command (the model asked for escalated permissions). */
  forceAsk?: boolean;
  /** The refusal texts (from the pack). */
  texts: Pick<ToolTexts, 'commandDenied' | 'commandNeedsApproval'>;
}

/** Decide whether a command may run, asking the approver when the policy says so. Never throws. */
export async function authorizeCommand(req: ApprovalRequest, opts: AuthorizeOptions): Promise<Authorization> {
  const mustAsk =
    needsApproval(req.command, opts.approvalPolicy, opts.sandboxMode) ||
    (opts.forceAsk === true && opts.approvalPolicy !== 'never' && opts.sandboxMode !== 'danger-full-access');
  if (!mustAsk) return { run: true, asked: false };
  if (opts.approver === undefined) return { run: false, output: opts.texts.commandNeedsApproval(req.command, opts.approvalPolicy), unavailable: true };
  let decision: ApprovalDecision;
  try {
    decision = await opts.approver(req);
  } catch (err) {
    return { run: false, output: `${opts.texts.commandDenied(req.command)}\n(${errorMessage(err)})` };
  }
  return decision === 'approved' ? { run: true, asked: true } : { run: false, output: opts.texts.commandDenied(req.command) };
}

/**
 * An approver that asks on a terminal: shows the command and its directory and reads y/n. Anything but
 * "y"/"yes" — including an empty line or a closed input — is a no. Questions are asked one at a time.
 */
export function ttyApprover(input: Readable, output: Writable): Approver {
  let queue: Promise<unknown> = Promise.resolve();
  const ask = (req: ApprovalRequest): Promise<ApprovalDecision> =>
    new Promise((resolve) => {
      const rl = nodeReadline().createInterface({ input, output, terminal: false });
      let settled = false;
      const finish = (decision: ApprovalDecision): void => {
        if (settled) return;
        settled = true;
        rl.close();
        resolve(decision);
      };
      rl.once('close', () => finish('denied'));
      const reason = req.reason !== undefined && req.reason !== '' ? `  reason: ${req.reason}\n` : '';
      if (req.fileChanges) {
        const files = req.fileChanges.map((c) => `  ${c.kind} ${c.path}\n`).join('');
        output.write(`\nweft wants to change files:\n${files}${reason}`);
      } else output.write(`\nweft wants to run a command:\n  $ ${req.command}\n  in ${req.cwd}\n${reason}`);
      rl.question('Allow? [y/N] ', (answer) => {
        const normalized = answer.trim().toLowerCase();
        finish(normalized === 'y' || normalized === 'yes' ? 'approved' : 'denied');
      });
    });
  return (req) => {
    const next = queue.then(() => ask(req));
    queue = next.catch(() => undefined);
    return next;
  };
}
