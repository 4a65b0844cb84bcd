// Today's Codex's mechanism (the codex-0.169 profile): bubblewrap. The whole file system is bound
// read-only, the writable roots read-write over it, their protected sub-paths read-only again, and
// the network namespace is unshared without network access; a refused write fails with EROFS.
import { bwrapArgs } from './bwrap-args.js';
import { probeBwrap } from './bwrap-probe.js';
import type { SandboxMechanism } from './sandbox-mechanism.js';

export const bubblewrapSandbox: SandboxMechanism = {
  label: 'bubblewrap',
  probe: probeBwrap,
  wrap: (program, policy, roots, argv) => [program, ...bwrapArgs(policy, roots, argv)],
};
