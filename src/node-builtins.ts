// Node's built-in modules that only some runs use, loaded on first use. node:crypto loads node:stream
// and a dozen modules of its own, node:child_process loads node:dgram and the process bindings:
// milliseconds that a start which never hashes nor spawns (listing threads, `--version`, a turn in a
// folder outside git) should not pay because a module it imports could.
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

function onFirstUse<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(id) as T);
}

export const nodeCrypto = onFirstUse<typeof import('node:crypto')>('node:crypto');
export const nodeChildProcess = onFirstUse<typeof import('node:child_process')>('node:child_process');
