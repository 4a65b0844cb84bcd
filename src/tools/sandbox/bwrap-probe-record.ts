// A working sandbox program, remembered across processes: bwrap, and weft's Landlock/seccomp helper
// (landlock-probe.ts). Probing starts a sandbox (a process or two, new namespaces or filters), which
// costs a one-shot `weft exec` more than the rest of its start-up, yet its answer changes only when
// the program or the kernel's settings do. A success is recorded in weft's user cache with what it
// depended on: the program's file (device, inode, size, mtime), the boot (a reboot may bring another
// kernel or other settings), the user, and the sysctls that switch unprivileged user namespaces on
// or off. Any difference, and the probe runs again. Failures are never recorded, so a fixed machine
// is noticed at once.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { userCacheDir, writeCacheFileSync } from '../../config/user-cache-dir.js';

const SYSCTLS = [
  '/proc/sys/kernel/random/boot_id',
  '/proc/sys/kernel/unprivileged_userns_clone',
  '/proc/sys/user/max_user_namespaces',
  '/proc/sys/kernel/apparmor_restrict_unprivileged_userns',
];

export function bwrapProbeRecordFile(env: Readonly<Record<string, string | undefined>>): string {
  return probeRecordFile(env, 'bwrap');
}

/** The record of the probe called `name` (one file per probe, so that each keeps its own success). */
export function probeRecordFile(env: Readonly<Record<string, string | undefined>>, name: string): string {
  return path.join(userCacheDir(env), `${name}-probe.json`);
}

/** What a probe of `bwrap` depends on, as one string; undefined when bwrap cannot be looked at. */
export function bwrapProbeKey(bwrap: string): string | undefined {
  return probeRecordKey(bwrap);
}

/**
 * What a probe of the program `executable` (run with the arguments `args`) depends on, as one
 * string; undefined when the program cannot be looked at.
 */
export function probeRecordKey(executable: string, args: readonly string[] = []): string | undefined {
  let file;
  try {
    file = statSync(executable);
  } catch {
    return undefined;
  }
  const settings = SYSCTLS.map((p) => {
    try {
      return readFileSync(p, 'utf8').trim();
    } catch {
      return '-';
    }
  });
  const key = [executable, file.dev, file.ino, file.size, file.mtimeMs, process.getuid?.() ?? -1, ...settings];
  return JSON.stringify(args.length === 0 ? key : [...key, args]);
}

/** Whether a success was recorded under exactly this key. */
export function probeRecordedWorking(recordFile: string, key: string): boolean {
  try {
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as unknown;
    return typeof record === 'object' && record !== null && (record as { working?: unknown }).working === key;
  } catch {
    return false;
  }
}

export function recordProbeWorking(recordFile: string, key: string): void {
  writeCacheFileSync(recordFile, `${JSON.stringify({ working: key })}\n`);
}

export const bwrapRecordedWorking = probeRecordedWorking;
export const recordBwrapWorking = recordProbeWorking;
