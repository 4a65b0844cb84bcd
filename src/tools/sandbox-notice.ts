// The start-up warning when the thread's sandbox cannot be enforced. weft confines commands with
// bubblewrap on Linux; where that is impossible (no bwrap, no user namespaces, another OS) it refuses
// the commands the sandbox should hold instead of running them unconfined, and says so at start so
// the user can fix it before the model tries.
import type { SandboxMode } from '../../protocol/config.js';
import { probeBwrap } from './sandbox/bwrap-probe.js';

/**
 * The warning to show at start, or null when the mode needs no sandbox or the sandbox works. No prefix
 * (each surface adds its own, once) and no trailing newline.
 */
export async function sandboxNotice(mode: SandboxMode, env: Readonly<Record<string, string | undefined>>): Promise<string | null> {
  if (mode === 'danger-full-access') return null;
  const status = await probeBwrap(env);
  if (status.available) return null;
  return (
    `sandbox_mode is "${mode}", but the sandbox cannot be enforced: ${status.reason}. ` +
    `Commands the model runs will be refused until it can; to fix it, ${status.hint}.`
  );
}
