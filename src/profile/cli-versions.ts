// The Codex CLI version each profile speaks, and the profile a home without `compat` gets: what
// `weft --version` prints, kept apart from the profiles themselves so that printing it loads none.
import type { CompatProfileName } from '../../protocol/config.js';

export const DEFAULT_COMPAT: CompatProfileName = 'codex-0.169';

/** By profile, in the order of the `compat` values. */
export const CLI_VERSIONS: Readonly<Record<CompatProfileName, string>> = {
  'codex-0.98': '0.98.0',
  'codex-0.169': '0.169.0',
};
