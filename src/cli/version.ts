// `weft --version`: the Codex version the default profile speaks first (clients parse the first
// x.y.z and compare it with the Codex they need), then weft's own version and the other profiles.
// weft's version is read from its package.json, searched upwards from this module, which sits at a
// different depth in the sources (src/cli/) and in the bundle (dist/).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompatProfileName } from '../../protocol/config.js';
import { DEFAULT_COMPAT, PROFILE_FACTS } from '../profile/profile-facts.js';

export function packageVersion(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'weft' && typeof pkg.version === 'string') return pkg.version;
    }
    if (path.dirname(dir) === dir) return 'unknown';
  }
}

export function versionLine(): string {
  const names = Object.keys(PROFILE_FACTS) as CompatProfileName[];
  const others = names.filter((n) => n !== DEFAULT_COMPAT).map((n) => `${n} ${PROFILE_FACTS[n].cliVersion}`);
  return `weft ${PROFILE_FACTS[DEFAULT_COMPAT].cliVersion} (weft ${packageVersion()}; compat ${DEFAULT_COMPAT} by default; also ${others.join(', ')})`;
}

/** `--version` when started as `codex`: Codex's own line for the Codex version the default profile speaks. */
export function codexVersionLine(): string {
  return `codex-cli ${PROFILE_FACTS[DEFAULT_COMPAT].cliVersion}`;
}
