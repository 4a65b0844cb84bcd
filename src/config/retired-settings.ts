// Settings a generation of Codex does not accept. Codex 0.169 stops at start (exec and app-server
// alike, before any thread is written) when the effective configuration — config.toml, a profile
// file or `-c` — asks for an approval policy it retired, and Codex 0.98 when it asks for a web
// search mode that came after it; a profile lists such settings and weft refuses the same
// configuration the same way.
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
      `${key} = ${JSON.stringify(value)} cannot be used under compat = "${profileName}": that generation of Codex refuses it. Remove it from ${file} (or the -c that sets it), or pick another value`,
      file,
      key,
    );
  }
}
