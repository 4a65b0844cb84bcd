// `weft --version`: the Codex version the default profile speaks first (clients parse the first
// x.y.z and compare it with the Codex they need), then weft's own version and the other profiles.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CompatProfileName } from '../../protocol/config.js';
import { DEFAULT_COMPAT, getProfile } from '../profile/profiles.js';

async function weftVersion(): Promise<string> {
  for (const rel of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(await readFile(fileURLToPath(new URL(rel, import.meta.url)), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'weft' && pkg.version) return pkg.version;
    } catch {
      // Not this layout (source vs. build).
    }
  }
  return 'unknown';
}

export async function versionLine(): Promise<string> {
  const others = CompatProfileName.options.filter((n) => n !== DEFAULT_COMPAT).map((n) => `${n} ${getProfile(n).cliVersion}`);
  return `weft ${getProfile(DEFAULT_COMPAT).cliVersion} (weft ${await weftVersion()}; compat ${DEFAULT_COMPAT} by default; also ${others.join(', ')})`;
}
