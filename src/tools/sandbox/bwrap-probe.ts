// Whether bubblewrap can sandbox commands here: `bwrap` must be on the PATH and able to start a
// sandbox (it needs user namespaces, which containers and some distributions switch off). The probe
// runs a trivial command in the same kind of sandbox weft uses, once per bwrap path per process.
import { accessSync, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { nodeChildProcess } from '../../node-builtins.js';
import { bwrapArgs } from './bwrap-args.js';
import { bwrapProbeKey, bwrapProbeRecordFile, bwrapRecordedWorking, recordBwrapWorking } from './bwrap-probe-record.js';
import { unsupportedPlatform, type SandboxStatus } from './sandbox-mechanism.js';

/** How to get a working bwrap, for messages (the model's and the user's). */
export const INSTALL_HINT =
  'install bubblewrap (Debian/Ubuntu: `sudo apt-get install bubblewrap`, Fedora: `sudo dnf install bubblewrap`) ' +
  'and make sure unprivileged user namespaces are enabled; or set sandbox_mode = "danger-full-access" to run commands without a sandbox';

const PROBE_TIMEOUT_MS = 5000;
const cache = new Map<string, Promise<SandboxStatus>>();

/** The first executable `bwrap` on `pathVar`, or undefined. */
export function findBwrap(pathVar: string | undefined): string | undefined {
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, 'bwrap');
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

function runProbe(bwrap: string): Promise<SandboxStatus> {
  // The sandbox weft starts, network namespace included (the socket filter inside is the helper's,
  // probed on its own: see bubblewrap-sandbox.ts).
  const policy = { type: 'workspace-write', network_access: true, exclude_slash_tmp: true, exclude_tmpdir_env_var: true } as const;
  const args = bwrapArgs(policy, [], ['/bin/sh', '-c', 'exit 0'], { uid: process.getuid?.() ?? -1 });
  args.splice(args.indexOf('--proc'), 0, '--unshare-net');
  return new Promise((resolve) => {
    nodeChildProcess().execFile(bwrap, args, { timeout: PROBE_TIMEOUT_MS }, (err, _stdout, stderr) => {
      if (err && 'code' in err && err.code === 'ENOENT') return resolve({ available: false, reason: `${bwrap} does not exist`, hint: INSTALL_HINT });
      if (!err) return resolve({ available: true, path: bwrap });
      const detail = String(stderr).trim() || err.message;
      resolve({ available: false, reason: `${bwrap} cannot start a sandbox here (${detail})`, hint: INSTALL_HINT });
    });
  });
}

/**
 * Can weft sandbox commands on this machine? `WEFT_BWRAP` names the bwrap to use (else the first on
 * the PATH). Cached; never rejects.
 */
export function probeBwrap(env: Readonly<Record<string, string | undefined>> = process.env): Promise<SandboxStatus> {
  const elsewhere = unsupportedPlatform();
  if (elsewhere) return Promise.resolve(elsewhere);
  const chosen = env['WEFT_BWRAP'];
  const bwrap = chosen !== undefined && chosen !== '' ? chosen : findBwrap(env['PATH']);
  if (bwrap === undefined) return Promise.resolve({ available: false, reason: 'bwrap (bubblewrap) is not on the PATH', hint: INSTALL_HINT });
  let status = cache.get(bwrap);
  if (status === undefined) {
    status = probeOrRecall(bwrap, env);
    cache.set(bwrap, status);
  }
  return status;
}

/** A success recorded for this very bwrap and kernel setup (bwrap-probe-record.ts), else a probe. */
async function probeOrRecall(bwrap: string, env: Readonly<Record<string, string | undefined>>): Promise<SandboxStatus> {
  const key = bwrapProbeKey(bwrap);
  const record = bwrapProbeRecordFile(env);
  if (key !== undefined && bwrapRecordedWorking(record, key)) return { available: true, path: bwrap };
  const status = await runProbe(bwrap);
  if (status.available && key !== undefined) recordBwrapWorking(record, key);
  return status;
}
