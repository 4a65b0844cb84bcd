// Node's built-in modules that only some runs use, loaded on first use. node:crypto loads node:stream
// and a dozen modules of its own, node:child_process loads node:dgram and the process bindings,
// node:https loads node:tls and its secure contexts: milliseconds that a start which never hashes,
// spawns or speaks TLS (listing threads, `--version`, a turn in a folder outside git, a local model
// server over plain HTTP) should not pay because a module it imports could.
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

function onFirstUse<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(id) as T);
}

export const nodeCrypto = onFirstUse<typeof import('node:crypto')>('node:crypto');
export const nodeChildProcess = onFirstUse<typeof import('node:child_process')>('node:child_process');
export const nodeHttps = onFirstUse<typeof import('node:https')>('node:https');
export const nodeTls = onFirstUse<typeof import('node:tls')>('node:tls');
export const nodeReadline = onFirstUse<typeof import('node:readline')>('node:readline');
export const nodeTimersPromises = onFirstUse<typeof import('node:timers/promises')>('node:timers/promises');
