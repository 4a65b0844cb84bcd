// What opening the engine starts from: the home, its configuration read and checked, and the
// profile it names. `threadStoreOf` stops there, with the thread store of that home as `Weft.open`
// would give it: `weft thread list` needs no template pack and no model client, and starts that
// much sooner, while refusing what opening the engine refuses and reporting the same warnings.
import type { CompatProfileName, ConfigToml } from '../../protocol/config.js';
import { loadConfig } from '../config/load-config.js';
import { refuseRetiredSettings } from '../config/retired-settings.js';
import { resolveWeftHome } from '../config/weft-home.js';
import type { CompatProfile } from '../profile/profile.js';
import { DEFAULT_COMPAT, getProfile } from '../profile/profiles.js';
import { ThreadStore } from '../rollout/thread-store.js';

/** Where the home is and what the command line says of its configuration. */
export interface ProfileOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home?: string | undefined;
  readonly configOverrides?: readonly string[] | undefined;
  readonly configProfile?: string | undefined;
  readonly compat?: CompatProfileName | undefined;
}

export interface ConfiguredProfile {
  readonly home: string;
  readonly config: ConfigToml;
  readonly configFile: string;
  readonly warnings: string[];
  readonly profile: CompatProfile;
}

export async function configuredProfile(opts: ProfileOptions): Promise<ConfiguredProfile> {
  const home = resolveWeftHome(opts.env, opts.home);
  const loaded = await loadConfig({ home, overrides: opts.configOverrides, profile: opts.configProfile });
  const profile = getProfile(opts.compat ?? loaded.config.compat ?? DEFAULT_COMPAT);
  refuseRetiredSettings(profile.retiredSettings, profile.name, loaded.config, loaded.file);
  return { home, config: loaded.config, configFile: loaded.file, warnings: loaded.warnings, profile };
}

/** The thread store of the configured home. */
export function threadStoreOf({ home, profile }: Pick<ConfiguredProfile, 'home' | 'profile'>): ThreadStore {
  return new ThreadStore(home, { codexThreadIndex: profile.codexThreadIndex });
}
