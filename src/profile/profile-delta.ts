// A release as a delta: a Codex generation that differs from the one before it only in data (its pack
// texts and catalog, its version, request header facts, fields its rollouts add, exec options) is
// written as this short list of facts over the generation it extends, never as a copy of a profile.
// Nothing here loads a profile: `weft --version` and `weft thread list` read the facts alone
// (profile-facts.ts); extend-profile.ts lays a delta over its base profile when one is opened.
import type { CompatProfileName } from '../../protocol/config.js';
import type { GenerationExecOption } from './exec-options.js';

/** The client-facing protocol generations weft implements (app-server shapes, exec stream fields). */
export type ProtocolGeneration = '0.98' | '0.169' | '0.171';

export interface ProfileDelta {
  readonly name: CompatProfileName;
  /** The generation this one extends; a delta may extend a delta. */
  readonly extends: CompatProfileName;
  /** The `cli_version` of session_meta and the version in the user agent. */
  readonly cliVersion: string;
  /** The app-server protocol this release speaks, when it added to its base's. */
  readonly protocolGeneration?: ProtocolGeneration;
  /**
   * weft's own pack files that changed, as a folder under `templates/` laid over the base's pack (a
   * file there replaces the base's file of that name; every other file comes from the base).
   */
  readonly weftPackFolder?: string;
  /** `exec` options this release added to its base's. */
  readonly execOptionsAdded?: readonly GenerationExecOption[];
  /** Headers every model request POSTed over HTTP carries in addition to the base's (not a WebSocket upgrade). */
  readonly postHeaders?: Readonly<Record<string, string>>;
  /** Fields every response item's rollout `metadata` carries after the base's (and each entry of a compaction's). */
  readonly itemMetadata?: Readonly<Record<string, string>>;
}
