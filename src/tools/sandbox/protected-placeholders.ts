// The empty directories bubblewrap leaves on the host where it mounted a read-only guard on a missing
// protected name (bwrap-args.ts): removed once no sandbox needs them any more. Several commands, of
// this weft or another, may share one placeholder, so each sandbox holds a claim on it while it runs:
// a marker file named after its process in a directory of the user's own under /dev/shm (which no
// sandbox can see: bubblewrap gives each a fresh /dev), all under one flock so a placeholder is never
// removed between another sandbox's look at the disk and its claim. Removing it then would unmount
// the guard inside that other sandbox. Where the markers cannot be kept privately (no /dev/shm, a
// directory someone else owns, or one inside a writable root), placeholders stay: empty directories
// that load nothing.
import { randomUUID } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { acquireFileLock } from '../../file-lock.js';
import type { WritableRoot } from './writable-roots.js';

export interface PlaceholderClaims {
  /** Drops this sandbox's claims and removes every placeholder nobody else claims. Never throws. */
  release(): Promise<void>;
}

const NONE: PlaceholderClaims = { release: async () => undefined };
const CREATED = 'created';

/** The private directory the markers live in, or undefined when there is none to trust. */
export function markerBase(uid: number, shm = '/dev/shm'): string | undefined {
  const base = path.join(shm, `weft-sandbox-${uid}`);
  try {
    if (!statSync(shm).isDirectory()) return undefined;
    mkdirSync(base, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
  }
  try {
    const st = lstatSync(base);
    return st.isDirectory() && st.uid === uid && (st.mode & 0o077) === 0 ? base : undefined;
  } catch {
    return undefined;
  }
}

function markerDirOf(base: string, placeholder: string): string {
  return path.join(base, Buffer.from(placeholder).toString('base64url'));
}

function within(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether another live sandbox still claims the placeholder of `dir` (dead processes' markers go). */
function claimedByOthers(dir: string): boolean {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return false;
  }
  let claimed = false;
  for (const name of names) {
    if (name === CREATED) continue;
    const pid = Number(name.split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) claimed = true;
    else rmSync(path.join(dir, name), { force: true });
  }
  return claimed;
}

/**
 * Works out the sandbox's roots and claims their placeholders under the markers' lock: `computeRoots`
 * runs inside it, so what it sees on disk cannot be removed before the claims are written.
 */
export async function claimPlaceholders(
  computeRoots: () => WritableRoot[],
  base: string | undefined = markerBase(process.getuid?.() ?? -1),
): Promise<{ roots: WritableRoot[]; claims: PlaceholderClaims }> {
  if (base === undefined) return { roots: computeRoots(), claims: NONE };
  const unlock = await acquireFileLock(path.join(base, 'lock'));
  try {
    const roots = computeRoots();
    if (roots.some((r) => within(base, r.root))) return { roots, claims: NONE };
    const me = `${process.pid}-${randomUUID()}`;
    const held: string[] = [];
    for (const r of roots) {
      for (const guarded of [...r.missingProtected, ...r.readOnlySubpaths]) {
        const dir = markerDirOf(base, guarded);
        const missing = r.missingProtected.includes(guarded);
        // An existing path is claimed only when it is a placeholder some sandbox made (never the user's).
        if (!missing && !markerExists(dir)) continue;
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        if (missing) writeFileSync(path.join(dir, CREATED), guarded);
        writeFileSync(path.join(dir, me), '');
        held.push(guarded);
      }
    }
    return { roots, claims: { release: () => releaseClaims(base, me, held) } };
  } finally {
    unlock();
  }
}

function markerExists(dir: string): boolean {
  try {
    lstatSync(path.join(dir, CREATED));
    return true;
  } catch {
    return false;
  }
}

async function releaseClaims(base: string, me: string, held: readonly string[]): Promise<void> {
  if (held.length === 0) return;
  let unlock: () => void;
  try {
    unlock = await acquireFileLock(path.join(base, 'lock'));
  } catch {
    return; // the placeholders stay: empty, read-only to nothing, harmless
  }
  try {
    for (const placeholder of held) {
      const dir = markerDirOf(base, placeholder);
      rmSync(path.join(dir, me), { force: true });
      if (claimedByOthers(dir)) continue;
      try {
        rmdirSync(placeholder); // only an empty directory goes; anything else was not ours
      } catch {
        // Already gone, or no longer empty: left as it is.
      }
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    unlock();
  }
}
