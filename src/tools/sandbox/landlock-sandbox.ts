// Codex 0.98's mechanism (the codex-0.98 profile): its Linux sandbox applied Landlock (everything
// readable, writes only beneath the writable roots and on /dev/null) and, without network access, a
// seccomp filter refusing the network system calls, then ran the command. weft does the same through
// its native helper; a refused write fails with EACCES ("Permission denied"), a connect with EPERM.
import { landlockArgs } from './landlock-args.js';
import { probeLandlock } from './landlock-probe.js';
import type { SandboxMechanism } from './sandbox-mechanism.js';

export const landlockSandbox: SandboxMechanism = {
  label: 'Landlock',
  probe: probeLandlock,
  wrap: (program, policy, roots, argv) => [program, ...landlockArgs(policy, roots, argv)],
};
