// The 0.171 generation: 0.169's protocol with what Codex 0.171 added to it (its generated JSON
// Schema, protocol/app-server/v0171/): routes of the new methods go first, every other shape and
// behaviour is 0.169's.
import type { ServerContext } from '../../server-context.js';
import type { AppServerGeneration } from '../generation.js';
import { generation0169 } from '../v0169/generation.js';
import { route0171 } from './requests.js';

export function generation0171(codexVersion: string): AppServerGeneration<ServerContext> {
  return { ...generation0169(codexVersion), route: route0171 };
}
