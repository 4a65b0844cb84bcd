// The bubblewrap command line for a sandbox policy: a pure function of the policy, the writable roots
// (already resolved, see writable-roots.ts), who runs it and the command. The mount order matters: the
// whole file system read-only first, a fresh /dev, then the writable roots bound read-write, then the
// protected sub-paths bound read-only again on top so they win, and where a protected name does not
// exist, an empty read-only tmpfs on it so it cannot be created (bwrap makes the empty directory it
// mounts on; protected-placeholders.ts removes it afterwards). New user, pid namespace and session,
// killed with its parent, every capability dropped: run by root, the command is an unprivileged user
// inside (uid and gid 65534, which the user namespace maps back to root outside, so the files it
// writes are root's as before) and cannot remount `/`, enter another namespace or create a device.
// Without network access the network namespace is unshared and the command runs through weft's
// helper (native/landlock-exec.c, `--no-landlock`), whose seccomp filter refuses every socket but a
// private socketpair: an empty namespace alone leaves the Unix sockets of the file system reachable.
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { hasNetworkAccess } from './sandbox-mechanism.js';
import type { WritableRoot } from './writable-roots.js';

/** The unprivileged uid and gid a command started by root runs as inside the sandbox. */
export const SANDBOX_ID_UNDER_ROOT = '65534';

export interface BwrapRunner {
  /** The uid weft runs as (process.getuid()). */
  uid: number;
  /** weft's helper, which applies the seccomp filter inside; required when the policy denies network. */
  helper?: string | undefined;
}

/** The helper's arguments that apply the no-network filter and run `argv` (bwrap confines the file system). */
export function seccompHelperArgv(helper: string, argv: readonly string[]): string[] {
  return [helper, '--no-landlock', '--no-network', '--', ...argv];
}

/** bwrap's arguments (without the bwrap executable) that run `argv` under `policy`. */
export function bwrapArgs(policy: SandboxPolicy, roots: readonly WritableRoot[], argv: readonly string[], runner: BwrapRunner): string[] {
  const args = ['--new-session', '--die-with-parent', '--unshare-user'];
  if (runner.uid === 0) args.push('--uid', SANDBOX_ID_UNDER_ROOT, '--gid', SANDBOX_ID_UNDER_ROOT);
  args.push('--cap-drop', 'ALL');
  if (policy.type === 'danger-full-access') {
    args.push('--bind', '/', '/');
  } else {
    args.push('--ro-bind', '/', '/', '--dev', '/dev');
    for (const r of roots) args.push('--bind', r.root, r.root);
    for (const r of roots) for (const sub of r.readOnlySubpaths) args.push('--ro-bind', sub, sub);
    for (const r of roots) for (const missing of r.missingProtected) args.push('--tmpfs', missing, '--remount-ro', missing);
  }
  args.push('--unshare-pid');
  const network = hasNetworkAccess(policy);
  if (!network) args.push('--unshare-net');
  args.push('--proc', '/proc', '--');
  if (network) return [...args, ...argv];
  if (runner.helper === undefined) throw new Error('bwrapArgs: a policy without network access needs the seccomp helper');
  return [...args, ...seccompHelperArgv(runner.helper, argv)];
}
