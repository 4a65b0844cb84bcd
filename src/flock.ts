// flock(2), which Node does not offer, from the fs-ext addon. A one-shot `weft exec` takes a thread
// writer lock, and loading the package the usual way (resolving it, reading and compiling its script)
// cost three times as long as opening its compiled addon, which is where npm installs it: under weft's
// own node_modules or beside weft. Anywhere else the package is required as usual.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { WEFT_PACKAGE_ROOT } from './pack/default-pack-dir.js';

/** Exclusive without waiting, or unlock: the two operations weft uses. */
export type FlockOperation = 'exnb' | 'un';

type Flock = (fd: number, operation: FlockOperation) => void;

interface FsExtBinding {
  flock(fd: number, operation: number): void;
  constants: { LOCK_EX: number; LOCK_NB: number; LOCK_UN: number };
}

const ADDON = path.join('fs-ext', 'build', 'Release', 'fs_ext.node');

let flock: Flock | undefined;

/** Applies `operation` to `fd`; throws the addon's errno error (EWOULDBLOCK when another holds it). */
export function flockSync(fd: number, operation: FlockOperation): void {
  flock ??= loadFlock();
  flock(fd, operation);
}

function loadFlock(): Flock {
  const candidates = [path.join(WEFT_PACKAGE_ROOT, 'node_modules', ADDON), path.join(path.dirname(WEFT_PACKAGE_ROOT), ADDON)];
  const addon = candidates.find((file) => existsSync(file));
  if (addon === undefined) return (createRequire(import.meta.url)('fs-ext') as { flockSync: Flock }).flockSync;
  const module = { exports: {} as FsExtBinding };
  process.dlopen(module, addon);
  const { flock: call, constants } = module.exports;
  const operations: Record<FlockOperation, number> = { exnb: constants.LOCK_EX | constants.LOCK_NB, un: constants.LOCK_UN };
  return (fd, operation) => call(fd, operations[operation]);
}
