// Whether the Landlock helper can sandbox commands here. It is a small C program compiled when weft is
// installed (scripts/build-landlock-helper.mjs), so it can be missing (no C compiler at install), and
// the kernel may lack Landlock (before Linux 5.13, or left out of the `lsm=` list). The probe runs a
// trivial command under the strictest rules weft uses, once per helper path and use per process (the
// bubblewrap sandbox runs the same helper for its seccomp filter alone, `--no-landlock`). A success
// is remembered across processes as bwrap's is (bwrap-probe-record.ts): every sandboxed `weft exec`
// would otherwise start the helper once before its turn.
import { accessSync, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { nodeChildProcess } from '../../node-builtins.js';
import { WEFT_PACKAGE_ROOT } from '../../pack/default-pack-dir.js';
import { probeRecordFile, probeRecordKey, probeRecordedWorking, recordProbeWorking } from './bwrap-probe-record.js';
import { unsupportedPlatform, type SandboxStatus } from './sandbox-mechanism.js';

/** Where the install builds the helper. */
export const LANDLOCK_HELPER_PATH = path.join(WEFT_PACKAGE_ROOT, 'native', 'build', 'weft-landlock-exec');
const BUILD_SCRIPT = path.join(WEFT_PACKAGE_ROOT, 'scripts', 'build-landlock-helper.mjs');
const NO_SANDBOX = 'or set sandbox_mode = "danger-full-access" to run commands without a sandbox';

/** How to get the helper built, for messages (the model's and the user's). */
export const BUILD_HINT =
  `build weft's Landlock helper with \`node ${BUILD_SCRIPT}\` (it needs a C compiler and the C library headers; ` +
  `Debian/Ubuntu: \`sudo apt-get install gcc libc6-dev\`); ${NO_SANDBOX}`;
const KERNEL_HINT = `run on a Linux kernel with Landlock enabled (5.13 or later, \`landlock\` in the \`lsm=\` boot parameter); ${NO_SANDBOX}`;

// The helper's exit status when it could not set the sandbox up (the reason is on its stderr).
const SETUP_FAILED = 125;
const PROBE_TIMEOUT_MS = 5000;
const cache = new Map<string, Promise<SandboxStatus>>();

/** What the helper is probed for: Landlock and seccomp (codex-0.98), or seccomp alone (inside bubblewrap). */
export type HelperUse = 'landlock' | 'seccomp';
const PROBE_ARGS: Record<HelperUse, string[]> = {
  landlock: ['--no-network', '--', '/bin/sh', '-c', 'exit 0'],
  seccomp: ['--no-landlock', '--no-network', '--', '/bin/sh', '-c', 'exit 0'],
};

function runProbe(helper: string, use: HelperUse): Promise<SandboxStatus> {
  return new Promise((resolve) => {
    nodeChildProcess().execFile(helper, PROBE_ARGS[use], { timeout: PROBE_TIMEOUT_MS }, (err, _stdout, stderr) => {
      if (!err) return resolve({ available: true, path: helper });
      const detail = String(stderr).trim() || err.message;
      const kernel = 'code' in err && err.code === SETUP_FAILED && /Landlock is not available/.test(detail);
      resolve({ available: false, reason: `${helper} cannot start a sandbox here (${detail})`, hint: kernel ? KERNEL_HINT : BUILD_HINT });
    });
  });
}

/**
 * Can weft sandbox commands with Landlock here? `WEFT_LANDLOCK_HELPER` names the helper to use (else
 * the one the install built). Cached; never rejects.
 */
export function probeLandlock(env: Readonly<Record<string, string | undefined>> = process.env): Promise<SandboxStatus> {
  return probeHelper(env, 'landlock');
}

/**
 * Can weft's helper apply its seccomp filter here (bubblewrap runs it inside the sandbox to refuse
 * sockets without network access)? Same helper, same lookup, no Landlock needed. Cached; never rejects.
 */
export function probeSeccompHelper(env: Readonly<Record<string, string | undefined>> = process.env): Promise<SandboxStatus> {
  return probeHelper(env, 'seccomp');
}

function probeHelper(env: Readonly<Record<string, string | undefined>>, use: HelperUse): Promise<SandboxStatus> {
  const elsewhere = unsupportedPlatform();
  if (elsewhere) return Promise.resolve(elsewhere);
  const chosen = env['WEFT_LANDLOCK_HELPER'];
  const helper = chosen !== undefined && chosen !== '' ? chosen : LANDLOCK_HELPER_PATH;
  try {
    accessSync(helper, fsConstants.X_OK);
  } catch {
    return Promise.resolve({ available: false, reason: `the Landlock helper ${helper} is not built`, hint: BUILD_HINT });
  }
  const key = `${use}\0${helper}`;
  let status = cache.get(key);
  if (status === undefined) {
    status = probeOrRecall(helper, use, env);
    cache.set(key, status);
  }
  return status;
}

/** A success recorded for this very helper, use and kernel setup, else a probe. */
async function probeOrRecall(helper: string, use: HelperUse, env: Readonly<Record<string, string | undefined>>): Promise<SandboxStatus> {
  const key = helperProbeKey(helper, use);
  const record = helperProbeRecordFile(env, use);
  if (key !== undefined && probeRecordedWorking(record, key)) return { available: true, path: helper };
  const status = await runProbe(helper, use);
  if (status.available && key !== undefined) recordProbeWorking(record, key);
  return status;
}

/** What a probe of `helper` for `use` depends on (see bwrap-probe-record.ts); undefined when it cannot be looked at. */
export function helperProbeKey(helper: string, use: HelperUse): string | undefined {
  return probeRecordKey(helper, PROBE_ARGS[use]);
}

/** Where a working helper is recorded, for one use. */
export function helperProbeRecordFile(env: Readonly<Record<string, string | undefined>>, use: HelperUse): string {
  return probeRecordFile(env, `helper-${use}`);
}
