// Codex 0.171.0 (released 2026-11-20) over 0.169.0, as measured side by side
// (../shared/conformance/codex-0.171/pack/CHANGES-FROM-0.169.md): the same requests apart from one
// tool-parameter description and the catalog (weft's pack folder `codex-0.171`), gzip or zstd
// answers asked for on HTTP posts, `model_search_state` in every item's rollout metadata, two new
// `exec` options, and an app-server protocol with one method and one notification more.
import type { ProfileDelta } from '../profile-delta.js';

export const codex0171Delta: ProfileDelta = {
  name: 'codex-0.171',
  extends: 'codex-0.169',
  cliVersion: '0.171.0',
  protocolGeneration: '0.171',
  weftPackFolder: 'codex-0.171',
  execOptionsAdded: ['remote', 'remote-auth-token-env'],
  postHeaders: { 'accept-encoding': 'zstd,gzip' },
  itemMetadata: { model_search_state: 'unused' },
};
