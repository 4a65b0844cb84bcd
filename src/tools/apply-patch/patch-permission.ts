// Whether a patch may be written without asking, as Codex decides it for apply_patch: under
// `untrusted` always ask; a patch that stays inside the writable roots (workspace-write: the
// configured roots, cwd, /tmp and $TMPDIR unless excluded; danger-full-access: anywhere; read-only:
// nowhere) is written; otherwise `never` refuses it and the other policies ask. weft has no sandbox to
// try the write in first, so `on-failure` asks where Codex would have let its sandbox fail first.
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { ApprovalPolicy } from '../../../protocol/config.js';
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { writableRoots } from '../../context/permissions.js';

export type PatchPermission = 'write' | 'ask' | 'refuse';

function isInside(file: string, root: string): boolean {
  const rel = path.relative(path.resolve(root), file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Where a path really is: its deepest existing ancestor with symlinks resolved, plus the rest. A
 * symlink inside a root that points elsewhere must not open a way out of the root.
 */
async function realLocation(p: string): Promise<string> {
  const rest: string[] = [];
  for (let at = path.resolve(p); ; at = path.dirname(at)) {
    try {
      return path.join(await realpath(at), ...rest.reverse());
    } catch {
      if (path.dirname(at) === at) return path.resolve(p);
      rest.push(path.basename(at));
    }
  }
}

/** The paths (absolute) a sandbox policy does not let the agent write. */
export async function pathsOutsideRoots(paths: readonly string[], sandbox: SandboxPolicy, cwd: string, tmpdir: string | undefined): Promise<string[]> {
  switch (sandbox.type) {
    case 'danger-full-access':
      return [];
    case 'read-only':
      return [...paths];
    case 'workspace-write': {
      const roots = await Promise.all(writableRoots(sandbox, cwd, tmpdir).map(realLocation));
      const real = await Promise.all(paths.map(realLocation));
      return paths.filter((_, i) => !roots.some((root) => isInside(real[i] as string, root)));
    }
  }
}

export function patchPermission(outside: readonly string[], approvalPolicy: ApprovalPolicy): PatchPermission {
  if (approvalPolicy === 'untrusted') return 'ask';
  if (outside.length === 0) return 'write';
  return approvalPolicy === 'never' ? 'refuse' : 'ask';
}
