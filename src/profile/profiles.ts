// The profiles weft knows, by their `compat` name.
import type { CompatProfileName } from '../../protocol/config.js';
import { UsageError } from '../errors.js';
import { codex098Profile } from './codex-0.98/profile.js';
import { codex0169Profile } from './codex-0.169/profile.js';
import type { CompatProfile } from './profile.js';

export { DEFAULT_COMPAT } from './profile-facts.js';

const PROFILES: Partial<Record<CompatProfileName, CompatProfile>> = {
  'codex-0.98': codex098Profile,
  'codex-0.169': codex0169Profile,
};

export function getProfile(name: CompatProfileName): CompatProfile {
  const profile = PROFILES[name];
  if (!profile) {
    const known = Object.keys(PROFILES).join(', ');
    throw new UsageError(`compat profile \`${name}\` is not implemented yet (available: ${known})`);
  }
  return profile;
}
