// The Landlock helper's command line for a sandbox policy (native/landlock-exec.c): a pure function
// of the policy, the writable roots (writable-roots.ts) and the command. Codex 0.98's rules: every
// writable root is writable as a whole (Landlock only grants, so the protected `.git`, `.codex` and
// `.agents` inside a root stay writable to commands, as they did in 0.98; apply_patch still refuses
// them, see canWrite), and without network access the network system calls are refused.
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { hasNetworkAccess } from './sandbox-mechanism.js';
import type { WritableRoot } from './writable-roots.js';

/** The helper's arguments (without the helper itself) that run `argv` under `policy`. */
export function landlockArgs(policy: SandboxPolicy, roots: readonly WritableRoot[], argv: readonly string[]): string[] {
  const args: string[] = [];
  for (const r of roots) args.push('--writable', r.root);
  if (!hasNetworkAccess(policy)) args.push('--no-network');
  args.push('--', ...argv);
  return args;
}
