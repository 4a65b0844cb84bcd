// The choice of a protocol generation from the behaviour profile. It sits above the generation
// interface (generation.ts) and both implementations; only whoever builds the server context
// (app-server.ts) imports it, so the implementations can import the handlers and the context
// without a cycle.
import type { CompatProfile } from '../../profile/profile.js';
import type { ServerContext } from '../server-context.js';
import type { AppServerGeneration } from './generation.js';

const cache = new Map<string, Promise<AppServerGeneration<ServerContext>>>();

/** The generation of a profile (modules load on first use: a 0.98 server never reads the 0.169 code). */
export function generationOf(profile: CompatProfile): Promise<AppServerGeneration<ServerContext>> {
  const key = profile.protocolGeneration;
  let found = cache.get(key);
  if (!found) {
    found =
      key === '0.171'
        ? import('./v0171/generation.js').then((m) => m.generation0171(profile.cliVersion))
        : key === '0.169'
          ? import('./v0169/generation.js').then((m) => m.generation0169(profile.cliVersion))
          : import('./v0098.js').then((m) => m.generation0098(profile.cliVersion));
    cache.set(key, found);
  }
  return found;
}
