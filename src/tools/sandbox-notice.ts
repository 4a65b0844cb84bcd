// The start-up warning for sandbox modes weft cannot enforce. Codex confines commands with
// Seatbelt/Landlock; weft runs them as the user, so a restrictive mode only changes what the model is
// told and when weft asks for approval. Saying so plainly keeps users from trusting a wall that is not there.
import type { SandboxMode } from '../../protocol/config.js';

/**
 * The text to print on stderr at start, or null when the mode promises no restriction. No prefix
 * (each surface adds its own, once) and no trailing newline.
 */
export function sandboxNotice(mode: SandboxMode): string | null {
  if (mode === 'danger-full-access') return null;
  return (
    `sandbox_mode is "${mode}", but weft does not sandbox the operating system. ` +
    'Commands the model runs have your full user permissions (files, network, processes). ' +
    'The mode only shapes the instructions sent to the model and when weft asks for approval.'
  );
}
