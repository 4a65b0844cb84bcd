// One apply_patch request from start to answer: parse, compute every change, check the sandbox
// policy's writable roots (the thread's: taken from its cwd, whatever directory the patch's paths are
// read from) and the approval policy (asking when they say so), write all or nothing inside the
// sandbox (write-plan.ts), or through the editor when it offers its files (editor-write.ts: read
// from its buffers, written into them, the roots checked again before each write), and report the
// change to listeners. Every outcome is a text for the model; nothing throws.
import type { ApprovalPolicy } from '../../../protocol/config.js';
import { errorMessage } from '../../errors.js';
import type { ApprovalUnavailable, Approver } from '../approval.js';
import { SandboxUnavailableError } from '../sandbox/sandbox-command.js';
import type { SandboxMechanism } from '../sandbox/sandbox-mechanism.js';
import type { ToolResult } from '../tool-context.js';
import type { FileChangeSummary, PatchContext } from './patch-context.js';
import { parsePatch, PatchParseError } from './parse-patch.js';
import { pathsOutsideRoots, patchPermission } from './patch-permission.js';
import { patchWallTime, type ApplyPatchProblem } from './patch-texts.js';
import { planPatch, PatchVerifyError, touchedPaths, type FileChange } from './plan-patch.js';
import { PatchWriteError, writePlan } from './write-plan.js';
import { writePlanThroughEditor } from './editor-write.js';
import type { WorkspaceFiles } from '../workspace-ports.js';

export type { FileChangeSummary, PatchContext, PatchEvent } from './patch-context.js';

/** Where the patch writer runs: the sandbox the thread's commands run in. */
export interface PatchWriterSetup {
  readonly mechanism: SandboxMechanism;
  /** The thread's environment for child processes (where the sandbox's programs are found). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The text the model reads when the sandbox cannot be set up (ToolTexts.sandboxUnavailable). */
  readonly unavailable: (reason: string, hint: string) => string;
}

export interface PatchRun {
  readonly patch: string;
  /** The directory the patch's relative paths are taken from. */
  readonly cwd: string;
  /** The thread's working directory: the one the policy's writable roots come from. */
  readonly policyCwd: string;
  readonly writer: PatchWriterSetup;
  readonly callId: string;
  readonly approvalPolicy: ApprovalPolicy;
  readonly approver: Approver | undefined;
  readonly context: PatchContext;
  /** Told when the patch needed approval and nobody could give it. */
  readonly onApprovalUnavailable?: ((refusal: ApprovalUnavailable) => void) | undefined;
  /** An editor's files: the patch reads and writes through them where they are offered. */
  readonly files?: WorkspaceFiles | undefined;
}

export function summarize(changes: readonly FileChange[]): FileChangeSummary[] {
  return changes.map((c) =>
    c.kind === 'add'
      ? { path: c.path, kind: 'add', movePath: undefined, before: c.previous ?? null, after: c.content }
      : c.kind === 'delete'
        ? { path: c.path, kind: 'delete', movePath: undefined, before: c.previous, after: null }
        : { path: c.path, kind: 'update', movePath: c.movePath, before: c.previous, after: c.content },
  );
}

function problemOf(err: unknown): ApplyPatchProblem | undefined {
  if (err instanceof PatchParseError || err instanceof PatchVerifyError) return err.problem;
  return undefined;
}

export async function runPatch(run: PatchRun): Promise<ToolResult> {
  const started = Date.now();
  const { texts, onPatchEvent } = run.context;
  const fail = (problem: ApplyPatchProblem): ToolResult => ({ output: texts.failed(problem), success: false });
  let plan: Awaited<ReturnType<typeof planPatch>>;
  try {
    plan = await planPatch(parsePatch(run.patch), run.cwd, run.files?.readTextFile);
  } catch (err) {
    const problem = problemOf(err);
    if (problem) return fail(problem);
    return fail({ kind: 'read_failed', path: run.cwd, detail: errorMessage(err) });
  }

  const paths = touchedPaths(plan);
  const outside = pathsOutsideRoots(paths, run.context.sandbox, run.policyCwd, run.context.tmpdir);
  const permission = patchPermission(outside, run.approvalPolicy);
  const changes = summarize(plan.changes);
  if (permission === 'refuse') return fail({ kind: 'outside_roots', paths: outside, sandboxMode: run.context.sandbox.type });
  if (permission === 'ask') {
    if (run.approver === undefined) {
      run.onApprovalUnavailable?.({ callId: run.callId, command: 'apply_patch', cwd: run.cwd, approvalPolicy: run.approvalPolicy, sandboxMode: run.context.sandbox.type });
      return fail({ kind: 'needs_approval', paths, approvalPolicy: run.approvalPolicy });
    }
    let approved = false;
    try {
      approved = (await run.approver({ command: 'apply_patch', cwd: run.cwd, fileChanges: changes, callId: run.callId })) === 'approved';
    } catch {
      approved = false;
    }
    if (!approved) {
      const output = texts.failed({ kind: 'declined', paths });
      onPatchEvent?.({ type: 'end', callId: run.callId, changes, status: 'declined', output });
      return { output, success: false };
    }
  }

  onPatchEvent?.({ type: 'begin', callId: run.callId, changes });
  try {
    // Outside the sandbox only what the user approved writing outside the roots.
    const escalated = permission === 'ask' && outside.length > 0;
    const sandbox = { policy: run.context.sandbox, policyCwd: run.policyCwd, mechanism: run.writer.mechanism, escalated };
    const where = { sandbox, env: { ...run.writer.env, TMPDIR: run.context.tmpdir } };
    const editor = run.files?.writeTextFile;
    await (editor ? writePlanThroughEditor(plan, editor, where) : writePlan(plan, where));
  } catch (err) {
    const problem: ApplyPatchProblem =
      err instanceof PatchWriteError ? { kind: 'write_failed', path: err.path, detail: err.detail } : { kind: 'write_failed', path: run.cwd, detail: errorMessage(err) };
    const output = err instanceof SandboxUnavailableError ? run.writer.unavailable(err.reason, err.hint) : texts.failed(problem);
    onPatchEvent?.({ type: 'end', callId: run.callId, changes, status: 'failed', output });
    return { output, success: false };
  }
  const output = texts.applied(plan.changes, patchWallTime(Date.now() - started));
  onPatchEvent?.({ type: 'end', callId: run.callId, changes, status: 'completed', output, stdout: texts.summary(plan.changes) });
  return { output, success: true };
}
