// Today's Codex's mechanism (the codex-0.169 profile): bubblewrap. The whole file system is bound
// read-only, the writable roots read-write over it, their protected sub-paths read-only again; the
// command runs as an unprivileged user without capabilities, and without network access in an
// unshared network namespace behind weft's seccomp filter (bwrap-args.ts). A refused write fails
// with EROFS, a refused socket with EPERM, as under Codex.
import { bwrapArgs } from './bwrap-args.js';
import { probeBwrap } from './bwrap-probe.js';
import { probeSeccompHelper } from './landlock-probe.js';
import { hasNetworkAccess, type SandboxMechanism } from './sandbox-mechanism.js';

export const bubblewrapSandbox: SandboxMechanism = {
  label: 'bubblewrap',
  guardsMissingNames: true,
  probe: async (env, policy) => {
    const bwrap = await probeBwrap(env);
    if (!bwrap.available || hasNetworkAccess(policy)) return bwrap;
    const helper = await probeSeccompHelper(env);
    return helper.available ? { ...bwrap, helper: helper.path } : helper;
  },
  wrap: (status, policy, roots, argv) => [status.path, ...bwrapArgs(policy, roots, argv, { uid: process.getuid?.() ?? -1, helper: status.helper })],
};
