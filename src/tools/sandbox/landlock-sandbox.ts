// Codex 0.98's mechanism (the codex-0.98 profile): its Linux sandbox applied Landlock (everything
// readable, writes only beneath the writable roots and on /dev/null) and, without network access, a
// seccomp filter refusing the network system calls, then ran the command. weft does the same through
// its native helper, stricter where 0.98 left gaps: no capabilities (root cannot make a device node
// and write the disk through it), no device nodes in the writable roots, and no socket at all
// without network access (0.98 let Unix datagrams out). A refused write fails with EACCES
// ("Permission denied"), a socket or connect with EPERM.
import { landlockArgs } from './landlock-args.js';
import { probeLandlock } from './landlock-probe.js';
import type { SandboxMechanism } from './sandbox-mechanism.js';

export const landlockSandbox: SandboxMechanism = {
  label: 'Landlock',
  probe: (env) => probeLandlock(env),
  wrap: (status, policy, roots, argv) => [status.path, ...landlockArgs(policy, roots, argv)],
};
