// Settings a generation of Codex no longer accepts. Codex 0.169 stops at start (exec and app-server
// alike, before any thread is written) when the effective configuration — config.toml, a
// profile file or `-c` — asks for an approval policy it retired; a profile lists such
// settings and weft refuses the same configuration the same way. Other profiles accept them.
import type { ConfigToml } from '../../protocol/config.js';
import { ConfigError } from '../errors.js';

export interface RetiredSetting {
  readonly key: keyof ConfigToml;
  readonly value: unknown;
}

/** @throws ConfigError naming the first retired setting the configuration sets. */
export function refuseRetiredSettings(retired: readonly RetiredSetting[], profileName: string, config: ConfigToml, file: string): void {
  for (const { key, value } of retired) {
    if (config[key] !== value) continue;
    throw new ConfigError(
      `${key} = ${JSON.stringify(value)} cannot be used under compat = "${profileName}": that generation of Codex dropped it. Remove it from ${file} (or the -c that sets it), or pick another policy`,
      file,
      key,
    );
  }
}
