// The start-up warning when the thread's sandbox cannot be enforced. weft confines commands on Linux
// with the profile's mechanism (bubblewrap, or the Landlock helper for codex-0.98); where that is
// impossible (no bwrap or no user namespaces, an unbuilt helper or a kernel without Landlock, another
// OS) it refuses the commands the sandbox should hold instead of running them unconfined, and says so
// at start so the user can fix it before the model tries.
import type { SandboxMode } from '../../protocol/config.js';
import type { SandboxMechanism } from './sandbox/sandbox-mechanism.js';

/**
 * The warning to show at start, or null when the mode needs no sandbox or the sandbox works. No prefix
 * (each surface adds its own, once) and no trailing newline.
 */
export async function sandboxNotice(
  mode: SandboxMode,
  mechanism: SandboxMechanism,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | null> {
  if (mode === 'danger-full-access') return null;
  // Probed for the strictest policy of the mode (no network), which needs every part of the mechanism.
  const status = await mechanism.probe(env, { type: 'read-only' });
  if (status.available) return null;
  return (
    `sandbox_mode is "${mode}", but the sandbox cannot be enforced: ${status.reason}. ` +
    `Commands the model runs will be refused until it can; to fix it, ${status.hint}.`
  );
}
