// Where an ephemeral thread keeps its rollout while it lives: a private temporary directory,
// removed when the thread closes (at the latest when the server shuts down).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface EphemeralHome {
  readonly dir: string;
  remove(): Promise<void>;
}

export async function ephemeralHome(): Promise<EphemeralHome> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'weft-ephemeral-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
