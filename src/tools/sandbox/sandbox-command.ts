// How a command the model asked for is started under the thread's sandbox policy: unchanged for
// `danger-full-access` or an escalation the user approved, inside bubblewrap otherwise, and refused
// (never run unconfined) when bubblewrap cannot sandbox here.
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { ToolError } from '../../errors.js';
import { bwrapArgs } from './bwrap-args.js';
import { probeBwrap } from './bwrap-probe.js';
import { writableRoots } from './writable-roots.js';

export interface CommandSandbox {
  policy: SandboxPolicy;
  /** The user approved running this one command outside the sandbox. */
  escalated?: boolean | undefined;
}

/** The sandbox cannot be set up here; the command was not run. */
export class SandboxUnavailableError extends ToolError {
  constructor(
    readonly reason: string,
    readonly hint: string,
  ) {
    super(`the sandbox is unavailable: ${reason}; ${hint}`);
  }
}

export interface SandboxedArgv {
  argv: string[];
  /** True when the command runs inside bubblewrap. */
  sandboxed: boolean;
}

/** The argv to spawn for `argv` under `sandbox`. Rejects with SandboxUnavailableError, never runs unconfined. */
export async function sandboxedArgv(
  sandbox: CommandSandbox,
  argv: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<SandboxedArgv> {
  if (sandbox.policy.type === 'danger-full-access' || sandbox.escalated === true) return { argv: [...argv], sandboxed: false };
  const status = await probeBwrap(env);
  if (!status.available) throw new SandboxUnavailableError(status.reason, status.hint);
  const roots = writableRoots(sandbox.policy, cwd, env);
  return { argv: [status.path, ...bwrapArgs(sandbox.policy, roots, argv)], sandboxed: true };
}
