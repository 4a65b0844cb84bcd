// A working bwrap, remembered across processes. Probing starts a sandbox (two processes, new
// namespaces), which costs a one-shot `weft exec` more than the rest of its start-up, yet its answer
// changes only when bwrap or the kernel's namespace settings do. A success is recorded in weft's
// user cache with what it depended on: bwrap's file (device, inode, size, mtime), the boot (a reboot
// may bring another kernel or other settings), the user, and the sysctls that switch unprivileged
// user namespaces on or off. Any difference, and the probe runs again. Failures are never recorded,
// so a fixed machine is noticed at once.
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
  return path.join(userCacheDir(env), 'bwrap-probe.json');
}

/** What a probe of `bwrap` depends on, as one string; undefined when bwrap cannot be looked at. */
export function bwrapProbeKey(bwrap: string): string | undefined {
  let file;
  try {
    file = statSync(bwrap);
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
  return JSON.stringify([bwrap, file.dev, file.ino, file.size, file.mtimeMs, process.getuid?.() ?? -1, ...settings]);
}

/** Whether a success was recorded under exactly this key. */
export function bwrapRecordedWorking(recordFile: string, key: string): boolean {
  try {
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as unknown;
    return typeof record === 'object' && record !== null && (record as { working?: unknown }).working === key;
  } catch {
    return false;
  }
}

export function recordBwrapWorking(recordFile: string, key: string): void {
  writeCacheFileSync(recordFile, `${JSON.stringify({ working: key })}\n`);
}
