// What opening the engine starts from: the home, its configuration read and checked, and the
// profile it names. `configuredStore` stops before the profile, with the thread store of that home
// as `Weft.open` would give it: `weft thread list` needs no profile module, no template pack and no
// model client, and starts that much sooner, while refusing what opening the engine refuses and
// reporting the same warnings. The profile modules are loaded only by what runs a thread.
import type { CompatProfileName, ConfigToml } from '../../protocol/config.js';
import { loadConfig, type ConfigProfileOptions } from '../config/load-config.js';
import { deprecationNotices } from '../config/deprecated-settings.js';
import { refuseRetiredSettings } from '../config/retired-settings.js';
import { resolveWeftHome } from '../config/weft-home.js';
import type { ConfigOverrides } from '../config/config-overrides.js';
import type { CompatProfile } from '../profile/profile.js';
import { DEFAULT_COMPAT, PROFILE_FACTS } from '../profile/profile-facts.js';
import { ThreadStoreSetting } from '../../protocol/config.js';
import { ConfigError } from '../errors.js';
import { FileThreadStore } from '../rollout/store/file-thread-store.js';
import { PostgresThreadStore } from '../rollout/postgres/postgres-thread-store.js';
import type { ThreadStore } from '../rollout/thread-store.js';

/** Where the home is and what the command line says of its configuration. */
export interface ProfileOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home?: string | undefined;
  /**
   * Laid over config.toml: TOML lines as `-c` takes them (`['model = "o3"']`), or a table
   * (`{ model: 'o3', model_providers: { local: { base_url: '…' } } }`).
   */
  readonly configOverrides?: ConfigOverrides | undefined;
  readonly configProfile?: string | undefined;
  readonly compat?: CompatProfileName | undefined;
  /** config.toml is not read (Codex 0.169's `--ignore-user-config`). */
  readonly ignoreUserConfig?: boolean | undefined;
  /** An unknown config key is an error (Codex 0.169's `--strict-config`). */
  readonly strictConfig?: boolean | undefined;
}

export interface ConfiguredHome {
  readonly home: string;
  readonly config: ConfigToml;
  readonly configFile: string;
  readonly warnings: string[];
  /** The profile the options and the configuration name. */
  readonly compat: CompatProfileName;
  /** Deprecated settings the configuration uses, as this generation reports them (deprecated-settings.ts). */
  readonly notices: readonly string[];
}

export interface ConfiguredProfile extends ConfiguredHome {
  readonly profile: CompatProfile;
}

/** The home and its configuration, checked against the profile it names (without loading it). */
export async function configuredHome(opts: ProfileOptions): Promise<ConfiguredHome> {
  const home = resolveWeftHome(opts.env, opts.home);
  const loaded = await loadConfig({
    home,
    overrides: opts.configOverrides,
    profile: configProfileOf(opts),
    ignoreFile: opts.ignoreUserConfig === true,
    strict: opts.strictConfig === true,
  });
  const compat = opts.compat ?? loaded.config.compat ?? DEFAULT_COMPAT;
  refuseRetiredSettings(PROFILE_FACTS[compat].retiredSettings, compat, loaded.config, loaded.file);
  const notices = deprecationNotices(loaded.config, PROFILE_FACTS[compat].deprecatedSettings);
  return { home, config: loaded.config, configFile: loaded.file, warnings: loaded.warnings, compat, notices };
}

/** `--profile` as the generation in effect reads it (the command line's `--compat`, else the configuration's). */
export function configProfileOf(opts: Pick<ProfileOptions, 'configProfile' | 'compat'>): ConfigProfileOptions {
  return { name: opts.configProfile, styleFor: (named) => PROFILE_FACTS[opts.compat ?? named ?? DEFAULT_COMPAT].configProfiles };
}

export async function configuredProfile(opts: ProfileOptions): Promise<ConfiguredProfile> {
  const configured = await configuredHome(opts);
  const { getProfile } = await import('../profile/profiles.js');
  return { ...configured, profile: getProfile(configured.compat) };
}

/**
 * The thread store of the configured home: `WEFT_THREAD_STORE`, else config.toml's `thread_store`,
 * else the home's files. A Postgres store connects on first use.
 */
export function threadStoreOf({ home, compat, config, env }: Pick<ConfiguredHome, 'home' | 'compat'> & { config?: Pick<ConfigToml, 'thread_store'>; env?: ProfileOptions['env'] }): ThreadStore {
  const fromEnv = env?.WEFT_THREAD_STORE;
  // Checked here like config.toml's value is by its schema; the message never repeats it (a URL may hold a password).
  if (fromEnv !== undefined && fromEnv !== '' && !ThreadStoreSetting.safeParse(fromEnv).success) {
    throw new ConfigError('WEFT_THREAD_STORE must be "files" or a postgres://user:password@host:port/database URL', undefined, 'WEFT_THREAD_STORE');
  }
  const setting = fromEnv || config?.thread_store || 'files';
  if (setting === 'files') return new FileThreadStore(home, { codexThreadIndex: PROFILE_FACTS[compat].codexThreadIndex });
  return new PostgresThreadStore({ url: setting, home });
}
