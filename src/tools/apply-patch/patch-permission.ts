// Whether a patch may be written without asking, as Codex decides it for apply_patch. The sandbox's
// own `canWrite` (sandbox/writable-roots.ts) says where a write may land, so a patch obeys exactly
// the policy a command obeys: the writable roots of workspace-write minus the `.git`, `.codex` and
// `.agents` inside them, nowhere under read-only, anywhere under danger-full-access. Then: under
// `untrusted` always ask; a patch whose every write the policy allows is written; otherwise `never`
// refuses it and the other policies ask. Codex tries such a patch in its sandbox first and, under
// `on-failure`, offers the user a retry outside it; weft asks at once when this check says a write
// would be refused, and writes in the sandbox either way (write-plan.ts): the check decides when to
// ask, the kernel what is written.
import type { ApprovalPolicy } from '../../../protocol/config.js';
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { canWrite } from '../sandbox/writable-roots.js';

export type PatchPermission = 'write' | 'ask' | 'refuse';

/** The paths (absolute) the sandbox policy does not let the agent write. */
export function pathsOutsideRoots(paths: readonly string[], sandbox: SandboxPolicy, cwd: string, tmpdir: string | undefined): string[] {
  const env = { TMPDIR: tmpdir };
  return paths.filter((p) => !canWrite(sandbox, cwd, p, env));
}

export function patchPermission(outside: readonly string[], approvalPolicy: ApprovalPolicy): PatchPermission {
  if (approvalPolicy === 'untrusted') return 'ask';
  if (outside.length === 0) return 'write';
  return approvalPolicy === 'never' ? 'refuse' : 'ask';
}
