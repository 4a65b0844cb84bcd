// node:crypto, loaded on first use. Loading it loads node:stream and a dozen modules of its own:
// milliseconds that a start which never hashes nor draws a random number (listing threads,
// `--version`) should not pay because a module it imports could.
import { createRequire } from 'node:module';

let loaded: typeof import('node:crypto') | undefined;

export function nodeCrypto(): typeof import('node:crypto') {
  loaded ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return loaded;
}
