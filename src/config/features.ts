// The `[features]` switches of config.toml that weft acts on, with the value each has when unset
// and its stage: the experimental features an app-server client lists and switches
// (experimentalFeature/*). Codex lists its own, much longer set; a switch weft does not read is not
// listed, for setting it would change nothing.
import type { ConfigToml } from '../../protocol/config.js';

export type FeatureStage = 'beta' | 'underDevelopment' | 'stable' | 'deprecated' | 'removed';

export interface FeatureSwitch {
  readonly name: string;
  readonly stage: FeatureStage;
  readonly defaultEnabled: boolean;
}

export const FEATURE_SWITCHES: readonly FeatureSwitch[] = [
  { name: 'personality', stage: 'stable', defaultEnabled: true },
  { name: 'remote_compaction', stage: 'stable', defaultEnabled: true },
  { name: 'remote_models', stage: 'stable', defaultEnabled: true },
  { name: 'web_search_cached', stage: 'deprecated', defaultEnabled: false },
  { name: 'web_search_request', stage: 'deprecated', defaultEnabled: false },
];

export function featureEnabled(config: Pick<ConfigToml, 'features'>, feature: FeatureSwitch): boolean {
  return config.features?.[feature.name] ?? feature.defaultEnabled;
}
