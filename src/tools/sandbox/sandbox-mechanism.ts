// What confines a model's command on Linux. Each Codex generation used its own mechanism (0.98 a
// Landlock + seccomp helper, today's Codex bubblewrap), and the two refuse the same write with
// different errors (EACCES against EROFS), which the model reads; so the profile names the mechanism
// (CompatProfile.commandSandbox) and everything that starts a command takes it from there.
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import type { WritableRoot } from './writable-roots.js';

export type SandboxStatus =
  | {
      available: true;
      /** The program that sets the sandbox up (bwrap, or the Landlock helper). */
      path: string;
      /** weft's native helper, when the mechanism runs it inside the sandbox too (bwrap: the seccomp filter). */
      helper?: string | undefined;
    }
  | { available: false; reason: string; hint: string };

export interface SandboxMechanism {
  /** Its name in messages (`bubblewrap`, `Landlock`). */
  readonly label: string;
  /** Whether it mounts read-only guards on missing protected names, leaving placeholders to remove (protected-placeholders.ts). */
  readonly guardsMissingNames?: boolean;
  /** Whether it can confine commands under `policy` here, and the programs that do it. Cached; never rejects. */
  probe(env: Readonly<Record<string, string | undefined>>, policy: SandboxPolicy): Promise<SandboxStatus>;
  /** The argv that runs `argv` under `policy` (never `danger-full-access`), with the programs the probe found. */
  wrap(status: SandboxStatus & { available: true }, policy: SandboxPolicy, roots: readonly WritableRoot[], argv: readonly string[]): string[];
}

/** Whether the policy lets commands reach the network. */
export function hasNetworkAccess(policy: SandboxPolicy): boolean {
  return policy.type === 'danger-full-access' || (policy.type === 'workspace-write' && policy.network_access);
}

/** The status every mechanism reports off Linux: weft confines commands only there. */
export function unsupportedPlatform(): SandboxStatus | undefined {
  if (process.platform === 'linux') return undefined;
  return {
    available: false,
    reason: `weft enforces sandboxes only on Linux (this is ${process.platform})`,
    hint: 'set sandbox_mode = "danger-full-access" to run commands without a sandbox, or approve each command that asks for escalated permissions',
  };
}
