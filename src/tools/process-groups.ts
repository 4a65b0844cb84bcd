// Process groups weft started for the model die with weft, however weft ends. A normal exit kills
// them from an 'exit' handler; for a death that runs no handler (SIGKILL, a crash in native code) a
// small reaper process, started on first use in a process group of its own, holds a pipe from weft:
// when the pipe reaches end of file, weft is gone and the reaper kills every group still listed.
import type { ChildProcess } from 'node:child_process';
import { nodeChildProcess } from '../node-builtins.js';

const live = new Set<number>();
let reaper: ChildProcess | undefined;
let exitHookInstalled = false;

// The reaper's program, plain POSIX sh (builtins only, so it costs next to nothing): `+pgid` and
// `-pgid` lines add and remove groups; at end of input it kills the groups still listed.
const REAPER_SCRIPT = `groups=' '
while IFS= read -r line; do
  id=\${line#?}
  case \$id in ''|*[!0-9]*) continue ;; esac
  case \$line in
    +*) groups="\$groups\$id " ;;
    -*) case \$groups in *" \$id "*) groups="\${groups%% \$id *} \${groups#* \$id }" ;; esac ;;
  esac
done
for g in \$groups; do kill -9 -"\$g" 2>/dev/null; done
`;

function ensureReaper(): ChildProcess | undefined {
  if (reaper !== undefined) return reaper;
  try {
    const child = nodeChildProcess().spawn('/bin/sh', ['-c', REAPER_SCRIPT], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
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
