// Whether a patch may be written without asking, as Codex decides it for apply_patch: under
// `untrusted` always ask; a patch that stays inside the writable roots (workspace-write: the
// configured roots, cwd, /tmp and $TMPDIR unless excluded; danger-full-access: anywhere; read-only:
// nowhere) is written; otherwise `never` refuses it and the other policies ask. weft has no sandbox to
// try the write in first, so `on-failure` asks where Codex would have let its sandbox fail first.
import path from 'node:path';
import type { ApprovalPolicy } from '../../../protocol/config.js';
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { writableRoots } from '../../context/permissions.js';

export type PatchPermission = 'write' | 'ask' | 'refuse';

function isInside(file: string, root: string): boolean {
  const rel = path.relative(path.resolve(root), file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The paths (absolute) a sandbox policy does not let the agent write. */
export function pathsOutsideRoots(paths: readonly string[], sandbox: SandboxPolicy, cwd: string, tmpdir: string | undefined): string[] {
  switch (sandbox.type) {
    case 'danger-full-access':
      return [];
    case 'read-only':
      return [...paths];
    case 'workspace-write': {
      const roots = writableRoots(sandbox, cwd, tmpdir);
      return paths.filter((p) => !roots.some((root) => isInside(p, root)));
    }
  }
}

export function patchPermission(outside: readonly string[], approvalPolicy: ApprovalPolicy): PatchPermission {
  if (approvalPolicy === 'untrusted') return 'ask';
  if (outside.length === 0) return 'write';
  return approvalPolicy === 'never' ? 'refuse' : 'ask';
}
