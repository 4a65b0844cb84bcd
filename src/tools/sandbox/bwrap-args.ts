// The bubblewrap command line for a sandbox policy: a pure function of the policy, the writable roots
// (already resolved, see writable-roots.ts) and the command. The mount order matters: the whole file
// system read-only first, a fresh /dev, then the writable roots bound read-write, then the protected
// sub-paths bound read-only again on top so they win. New pid namespace and session, killed with its
// parent; the network namespace is unshared unless the policy grants network access.
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { hasNetworkAccess } from './sandbox-mechanism.js';
import type { WritableRoot } from './writable-roots.js';

/** bwrap's arguments (without the bwrap executable) that run `argv` under `policy`. */
export function bwrapArgs(policy: SandboxPolicy, roots: readonly WritableRoot[], argv: readonly string[]): string[] {
  const args = ['--new-session', '--die-with-parent'];
  if (policy.type === 'danger-full-access') {
    args.push('--bind', '/', '/');
  } else {
    args.push('--ro-bind', '/', '/', '--dev', '/dev');
    for (const r of roots) args.push('--bind', r.root, r.root);
    for (const r of roots) for (const sub of r.readOnlySubpaths) args.push('--ro-bind', sub, sub);
  }
  args.push('--unshare-pid');
  if (!hasNetworkAccess(policy)) args.push('--unshare-net');
  args.push('--proc', '/proc', '--', ...argv);
  return args;
}
