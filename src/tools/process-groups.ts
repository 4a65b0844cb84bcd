// Process groups weft started for the model die with weft, however weft ends. A normal exit kills
// them from an 'exit' handler; for a death that runs no handler (SIGKILL, a crash in native code) a
// small reaper process, started on first use in a process group of its own, holds a pipe from weft:
// when the pipe reaches end of file, weft is gone and the reaper kills every group still listed.
import { spawn, type ChildProcess } from 'node:child_process';

const live = new Set<number>();
let reaper: ChildProcess | undefined;
let exitHookInstalled = false;

// The reaper's program: `+pgid` / `-pgid` lines add and remove groups; end of input kills the rest.
const REAPER_SOURCE = `
const groups = new Set();
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => {
  pending += d;
  let nl;
  while ((nl = pending.indexOf('\\n')) >= 0) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    const id = Number(line.slice(1));
    if (!Number.isInteger(id) || id <= 1) continue;
    if (line[0] === '+') groups.add(id); else groups.delete(id);
  }
});
const reap = () => {
  for (const g of groups) { try { process.kill(-g, 'SIGKILL'); } catch {} }
  process.exit(0);
};
process.stdin.on('end', reap);
process.stdin.on('error', reap);
`;

function ensureReaper(): ChildProcess | undefined {
  if (reaper !== undefined) return reaper;
  try {
    const child = spawn(process.execPath, ['-e', REAPER_SOURCE], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    child.on('error', () => undefined);
    child.stdin?.on('error', () => undefined);
    // Neither the reaper nor its pipe keeps weft alive.
    child.unref();
    (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    reaper = child;
  } catch {
    reaper = undefined;
  }
  return reaper;
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const pgid of live) killGroup(pgid);
  });
}

/** SIGKILL to a whole process group; a group that is already gone is not an error. */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Registers a group weft started; it is killed when weft exits or dies. */
export function trackGroup(pgid: number): void {
  live.add(pgid);
  installExitHook();
  ensureReaper()?.stdin?.write(`+${pgid}\n`);
}

/** The group's leader has been reaped: its id may be reused, so it must not be killed later. */
export function untrackGroup(pgid: number): void {
  if (!live.delete(pgid)) return;
  reaper?.stdin?.write(`-${pgid}\n`);
}
