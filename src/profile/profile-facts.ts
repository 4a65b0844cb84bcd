// What is known of each profile without loading it: the Codex CLI version it speaks, the settings it
// refuses, how `--profile` selects configuration, whether it keeps Codex's thread index, and the
// profile a home without `compat` gets.
// `weft --version` and `weft thread list` need these and nothing else of a profile, whose modules
// (its context, tools, rollout handling and their schemas) are most of what a command loads.
import type { CompatProfileName } from '../../protocol/config.js';
import type { DeprecatedSetting } from '../config/deprecated-settings.js';
import type { CompatProfile } from './profile.js';

export const DEFAULT_COMPAT: CompatProfileName = 'codex-0.169';

const WEB_SEARCH_INSTEAD = 'web search is on by default; choose how with the top-level `web_search` key (live, indexed, cached or disabled)';

/** `exec` options one generation of Codex has and the other has not. */
export const GENERATION_EXEC_OPTIONS = ['full-auto', 'ephemeral', 'ignore-user-config', 'ignore-rules', 'strict-config', 'thread-source'] as const;
export type GenerationExecOption = (typeof GENERATION_EXEC_OPTIONS)[number];

export interface ProfileFacts extends Pick<CompatProfile, 'cliVersion' | 'retiredSettings' | 'configProfiles' | 'codexThreadIndex' | 'chatgptSignIn'> {
  /** The options of GenerationExecOption this generation's `exec` takes; the others are usage errors, as in Codex. */
  readonly execOptions: readonly GenerationExecOption[];
  /** Settings this generation reads but calls deprecated, in the order it reports them. */
  readonly deprecatedSettings: readonly DeprecatedSetting[];
}

/** By profile, in the order of the `compat` values; each profile is built from its own. */
export const PROFILE_FACTS: Readonly<Record<CompatProfileName, ProfileFacts>> = {
  'codex-0.98': {
    cliVersion: '0.98.0',
    retiredSettings: [{ key: 'web_search', value: 'indexed' }],
    configProfiles: 'tables',
    codexThreadIndex: false,
    chatgptSignIn: false,
    execOptions: ['full-auto'],
    deprecatedSettings: [],
  },
  'codex-0.169': {
    cliVersion: '0.169.0',
    retiredSettings: [{ key: 'approval_policy', value: 'untrusted' }],
    configProfiles: 'files',
    codexThreadIndex: true,
    chatgptSignIn: true,
    execOptions: ['ephemeral', 'ignore-user-config', 'ignore-rules', 'strict-config', 'thread-source'],
    deprecatedSettings: [
      { feature: 'web_search_cached', instead: WEB_SEARCH_INSTEAD },
      { feature: 'web_search_request', instead: WEB_SEARCH_INSTEAD },
    ],
  },
};
