// The two sandbox mechanisms weft's profiles use, with what each needs to run here and how a refused
// write reads under it, so the sandbox tests run once per mechanism against the real kernel.
// - bubblewrap needs a working bwrap: CI installs it (.ci/run), so there a missing bwrap fails the
//   tests instead of skipping them.
// - Landlock needs the native helper (built by the test setup and at install, when a C compiler is
//   there) and a kernel with Landlock: without the helper the tests fail on CI and skip elsewhere; a
//   kernel without Landlock skips them everywhere, saying so.
import { bubblewrapSandbox } from '../../src/tools/sandbox/bubblewrap-sandbox.js';
import { landlockSandbox } from '../../src/tools/sandbox/landlock-sandbox.js';
import type { SandboxMechanism } from '../../src/tools/sandbox/sandbox-mechanism.js';

export interface MechanismCase {
  mechanism: SandboxMechanism;
  /** The profile that uses it. */
  profile: 'codex-0.98' | 'codex-0.169';
  /** Why its tests are skipped here, or undefined when they run. */
  skipReason: string | undefined;
  /** How a refused write reads (strerror of the errno the mechanism gives). */
  refusedWrite: RegExp;
  /** How a refused connect to 127.0.0.1 reads (both refuse the socket with EPERM, as Codex's seccomp filter does). */
  refusedConnect: RegExp;
  /** Whether `.git` inside a writable root stays read-only to commands (Codex 0.98's Landlock left it writable). */
  keepsGitReadOnly: boolean;
}

const onCi = process.env['CI'] === 'true';

async function skipReason(mechanism: SandboxMechanism): Promise<string | undefined> {
  const status = await mechanism.probe(process.env, { type: 'read-only' });
  if (status.available) return undefined;
  const kernelLacks = /Landlock is not available/.test(status.reason);
  if (onCi && !kernelLacks) return undefined; // run, and fail: CI promised this mechanism
  const why = `${mechanism.label} sandbox tests skipped: ${status.reason}`;
  console.warn(why);
  return why;
}

export const MECHANISMS: readonly MechanismCase[] = [
  { mechanism: bubblewrapSandbox, profile: 'codex-0.169', skipReason: await skipReason(bubblewrapSandbox), refusedWrite: /Read-only file system/, refusedConnect: /Operation not permitted/, keepsGitReadOnly: true },
  { mechanism: landlockSandbox, profile: 'codex-0.98', skipReason: await skipReason(landlockSandbox), refusedWrite: /Permission denied/, refusedConnect: /Operation not permitted/, keepsGitReadOnly: false },
];

export const BUBBLEWRAP = MECHANISMS[0] as MechanismCase;
export const LANDLOCK = MECHANISMS[1] as MechanismCase;
