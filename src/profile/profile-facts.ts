// What is known of each profile without loading it: the Codex CLI version it speaks, the settings it
// refuses, how `--profile` selects configuration, whether it keeps Codex's thread index, and the
// profile a home without `compat` gets.
// `weft --version` and `weft thread list` need these and nothing else of a profile, whose modules
// (its context, tools, rollout handling and their schemas) are most of what a command loads.
import type { CompatProfileName } from '../../protocol/config.js';
import type { DeprecatedSetting } from '../config/deprecated-settings.js';
import type { CompatProfile } from './profile.js';
import { PROFILE_DELTAS } from './deltas/index.js';
import type { ProfileDelta } from './profile-delta.js';
import { GENERATION_EXEC_OPTIONS, type GenerationExecOption } from './exec-options.js';

/** The generation a home without `compat` gets: the newest release weft has taken on. */
export const DEFAULT_COMPAT: CompatProfileName = 'codex-0.171';

const WEB_SEARCH_INSTEAD = 'web search is on by default; choose how with the top-level `web_search` key (live, indexed, cached or disabled)';

export { GENERATION_EXEC_OPTIONS, type GenerationExecOption };

export interface ProfileFacts extends Pick<CompatProfile, 'cliVersion' | 'retiredSettings' | 'configProfiles' | 'codexThreadIndex' | 'chatgptSignIn'> {
  /** The options of GenerationExecOption this generation's `exec` takes; the others are usage errors, as in Codex. */
  readonly execOptions: readonly GenerationExecOption[];
  /** Settings this generation reads but calls deprecated, in the order it reports them. */
  readonly deprecatedSettings: readonly DeprecatedSetting[];
}

/** The generations written out as profiles of their own. */
const BASE_FACTS: Readonly<Partial<Record<CompatProfileName, ProfileFacts>>> = {
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

/** A delta's facts: its base's, with what the release changed. */
function factsOf(delta: ProfileDelta, base: ProfileFacts): ProfileFacts {
  return {
    ...base,
    cliVersion: delta.cliVersion,
    execOptions: [...base.execOptions, ...(delta.execOptionsAdded ?? [])],
  };
}

function allFacts(): Record<CompatProfileName, ProfileFacts> {
  const facts: Partial<Record<CompatProfileName, ProfileFacts>> = { ...BASE_FACTS };
  for (const delta of PROFILE_DELTAS) {
    const base = facts[delta.extends];
    if (base === undefined) throw new Error(`weft: the delta ${delta.name} extends ${delta.extends}, which is not defined before it`);
    facts[delta.name] = factsOf(delta, base);
  }
  return facts as Record<CompatProfileName, ProfileFacts>;
}

/** By profile, in the order of the `compat` values; each profile is built from its own. */
export const PROFILE_FACTS: Readonly<Record<CompatProfileName, ProfileFacts>> = allFacts();

function versionParts(version: string): number[] {
  return version.split(/[.-]/).map((part) => Number.parseInt(part, 10)).map((n) => (Number.isNaN(n) ? 0 : n));
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The generation that wrote a rollout of this `cli_version`: the newest one weft knows that is not
 * newer than it (an unknown release reads as the last one weft took on before it), else the oldest.
 */
export function compatForCliVersion(version: string): CompatProfileName {
  const names = (Object.keys(PROFILE_FACTS) as CompatProfileName[]).sort((a, b) => compareVersions(PROFILE_FACTS[a].cliVersion, PROFILE_FACTS[b].cliVersion));
  let found = names[0] as CompatProfileName;
  for (const name of names) if (compareVersions(PROFILE_FACTS[name].cliVersion, version) <= 0) found = name;
  return found;
}
