// A delta laid over the profile it extends (profile-delta.ts): the base decides every structure, the
// delta only supplies what the release changed. Nothing of the base is copied or edited.
import { weftPackFor } from '../pack/default-pack-dir.js';
import type { CompatProfile } from './profile.js';
import type { ProfileDelta } from './profile-delta.js';
import type { ProfileFacts } from './profile-facts.js';

export function extendProfile(base: CompatProfile, delta: ProfileDelta, facts: ProfileFacts): CompatProfile {
  const postHeaders = delta.postHeaders ?? {};
  const itemMetadata = delta.itemMetadata ?? {};
  const extended: CompatProfile = {
    ...base,
    ...facts,
    name: delta.name,
    protocolGeneration: delta.protocolGeneration ?? base.protocolGeneration,
    weftPack: delta.weftPackFolder === undefined ? base.weftPack : [weftPackFor(delta.weftPackFolder)[0] as string, ...base.weftPack],
    // The base's method runs with this profile as `this`, so it names this release's version.
    requestHeaders(request, ctx) {
      return { ...base.requestHeaders.call(this, request, ctx), ...postHeaders };
    },
    openThread: (init) => base.openThread({ ...init, itemMetadata: { ...init.itemMetadata, ...itemMetadata } }),
  };
  return extended;
}
