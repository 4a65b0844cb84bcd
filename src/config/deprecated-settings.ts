// Settings a generation of Codex still reads but calls deprecated. Codex 0.169 says so of
// `[features] web_search_cached` and `web_search_request` whenever config.toml (or a `-c`) sets
// them, whatever their value, one notice each: its exec stream shows each as an item before the
// turn starts. A profile lists such settings; the notices are weft's own words.
import type { ConfigToml } from '../../protocol/config.js';

export interface DeprecatedSetting {
  /** The `[features]` flag. */
  readonly feature: string;
  /** What to set instead. */
  readonly instead: string;
}

/** One notice per deprecated setting the configuration sets, in the profile's order. */
export function deprecationNotices(config: ConfigToml, deprecated: readonly DeprecatedSetting[]): string[] {
  const features = config.features ?? {};
  return deprecated
    .filter(({ feature }) => (features as Record<string, unknown>)[feature] !== undefined)
    .map(({ feature, instead }) => `\`[features].${feature}\` is deprecated and will stop working: ${instead}`);
}
