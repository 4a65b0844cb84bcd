// How a command the model asked for is started under the thread's sandbox policy: unchanged for
// `danger-full-access` or an escalation the user approved, inside the profile's sandbox mechanism
// otherwise (sandbox-mechanism.ts), and refused (never run unconfined) when that mechanism cannot
// sandbox here. The sandbox's writable roots come from the thread's policy and the thread's cwd
// (`policyCwd`), never from the directory a command runs in: a command started in `/` or in `.git`
// gets the same roots as one started in the workspace (Codex's `sandbox_policy_cwd`). Whoever spawns
// the argv calls `release` once the process has exited: it removes the placeholders the sandbox left.
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { ToolError } from '../../errors.js';
import { claimPlaceholders } from './protected-placeholders.js';
import type { SandboxMechanism } from './sandbox-mechanism.js';
import { writableRoots } from './writable-roots.js';

export interface CommandSandbox {
  policy: SandboxPolicy;
  /** The thread's working directory: the one the policy's roots are taken from (not the command's). */
  policyCwd: string;
  /** What confines the command: the profile's choice (CompatProfile.commandSandbox). */
  mechanism: SandboxMechanism;
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
  /** True when the command runs inside the sandbox. */
  sandboxed: boolean;
  /** Call once the process has exited (any number of times): removes the sandbox's unneeded placeholders. */
  release: () => Promise<void>;
}

const nothingToRelease = async (): Promise<void> => undefined;

/** The argv to spawn for `argv` under `sandbox`. Rejects with SandboxUnavailableError, never runs unconfined. */
export async function sandboxedArgv(
  sandbox: CommandSandbox,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<SandboxedArgv> {
  if (sandbox.policy.type === 'danger-full-access' || sandbox.escalated === true) return { argv: [...argv], sandboxed: false, release: nothingToRelease };
  const status = await sandbox.mechanism.probe(env, sandbox.policy);
  if (!status.available) throw new SandboxUnavailableError(status.reason, status.hint);
  const computeRoots = () => writableRoots(sandbox.policy, sandbox.policyCwd, env);
  if (sandbox.mechanism.guardsMissingNames !== true) return { argv: sandbox.mechanism.wrap(status, sandbox.policy, computeRoots(), argv), sandboxed: true, release: nothingToRelease };
  const { roots, claims } = await claimPlaceholders(computeRoots);
  let released: Promise<void> | undefined;
  const release = (): Promise<void> => (released ??= claims.release());
  try {
    return { argv: sandbox.mechanism.wrap(status, sandbox.policy, roots, argv), sandboxed: true, release };
  } catch (err) {
    await release();
    throw err;
  }
}
