// The profiles weft knows, by their `compat` name.
import type { CompatProfileName } from '../../protocol/config.js';
import { UsageError } from '../errors.js';
import { codex098Profile } from './codex-0.98/profile.js';
import { codex0169Profile } from './codex-0.169/profile.js';
import type { CompatProfile } from './profile.js';
import { PROFILE_DELTAS } from './deltas/index.js';
import { extendProfile } from './extend-profile.js';
import { PROFILE_FACTS } from './profile-facts.js';

export { DEFAULT_COMPAT } from './profile-facts.js';

/** The profiles written out, then each release's delta over the one it extends. */
function allProfiles(): Partial<Record<CompatProfileName, CompatProfile>> {
  const profiles: Partial<Record<CompatProfileName, CompatProfile>> = {
    'codex-0.98': codex098Profile,
    'codex-0.169': codex0169Profile,
  };
  for (const delta of PROFILE_DELTAS) {
    const base = profiles[delta.extends];
    if (base !== undefined) profiles[delta.name] = extendProfile(base, delta, PROFILE_FACTS[delta.name]);
  }
  return profiles;
}

const PROFILES = allProfiles();

export function getProfile(name: CompatProfileName): CompatProfile {
  const profile = PROFILES[name];
  if (!profile) {
    const known = Object.keys(PROFILES).join(', ');
    throw new UsageError(`compat profile \`${name}\` is not implemented yet (available: ${known})`);
  }
  return profile;
}
