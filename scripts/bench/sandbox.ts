// Sandbox overhead: the wall time of one short command (`/bin/true` through the shell, as the model's
// commands run) with and without bubblewrap, through weft's single spawn point. Median of N runs each,
// interleaved so both see the same machine load.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { spawnCommand } from '../../src/tools/run-process.js';
import { probeBwrap } from '../../src/tools/sandbox/bwrap-probe.js';
import type { SandboxPolicy } from '../../protocol/rollout.js';

const RUNS = 41;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function once(policy: SandboxPolicy): Promise<number> {
  const started = performance.now();
  const cmd = await spawnCommand({ argv: ['/bin/sh', '-c', 'true'], cwd: os.tmpdir(), env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' }, sandbox: { policy } });
  const { exitCode } = await cmd.closed;
  if (exitCode !== 0) throw new Error(`bench command failed with exit code ${exitCode}`);
  return performance.now() - started;
}

export async function benchSandbox(): Promise<void> {
  const status = await probeBwrap(process.env);
  if (!status.available) {
    console.log(`sandbox: skipped (${status.reason})`);
    return;
  }
  const sandboxed: SandboxPolicy = { type: 'workspace-write', network_access: false, exclude_tmpdir_env_var: false, exclude_slash_tmp: false };
  const plain: number[] = [];
  const boxed: number[] = [];
  await once(sandboxed); // warm the probe cache and the page cache
  for (let i = 0; i < RUNS; i++) {
    plain.push(await once({ type: 'danger-full-access' }));
    boxed.push(await once(sandboxed));
  }
  const a = median(plain);
  const b = median(boxed);
  console.log(`sandbox: a command's wall time, median of ${RUNS}: ${a.toFixed(1)} ms unsandboxed, ${b.toFixed(1)} ms in bubblewrap (workspace-write, no network): +${(b - a).toFixed(1)} ms (target <= 30 ms)`);
}
