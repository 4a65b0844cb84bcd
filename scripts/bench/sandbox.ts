// Sandbox overhead: the wall time of one short command (`/bin/true` through the shell, as the model's
// commands run) with and without each mechanism (bubblewrap for codex-0.169, the Landlock helper for
// codex-0.98), through weft's single spawn point. Median of N runs each, interleaved so all see the
// same machine load.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import { spawnCommand } from '../../src/tools/run-process.js';
import { bubblewrapSandbox } from '../../src/tools/sandbox/bubblewrap-sandbox.js';
import { landlockSandbox } from '../../src/tools/sandbox/landlock-sandbox.js';
import type { SandboxMechanism } from '../../src/tools/sandbox/sandbox-mechanism.js';

const RUNS = 41;
const SANDBOXED: SandboxPolicy = { type: 'workspace-write', network_access: false, exclude_tmpdir_env_var: false, exclude_slash_tmp: false };
const UNSANDBOXED: SandboxPolicy = { type: 'danger-full-access' };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function once(policy: SandboxPolicy, mechanism: SandboxMechanism): Promise<number> {
  const started = performance.now();
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
  const cmd = await spawnCommand({ argv: ['/bin/sh', '-c', 'true'], cwd: os.tmpdir(), env, sandbox: { policy, policyCwd: os.tmpdir(), mechanism } });
  const { exitCode } = await cmd.closed;
  if (exitCode !== 0) throw new Error(`bench command failed with exit code ${exitCode}`);
  return performance.now() - started;
}

export async function benchSandbox(): Promise<void> {
  const mechanisms: SandboxMechanism[] = [];
  for (const mechanism of [bubblewrapSandbox, landlockSandbox]) {
    const status = await mechanism.probe(process.env, SANDBOXED);
    if (status.available) mechanisms.push(mechanism);
    else console.log(`sandbox (${mechanism.label}): skipped (${status.reason})`);
  }
  if (mechanisms.length === 0) return;
  for (const mechanism of mechanisms) await once(SANDBOXED, mechanism); // warm the probe cache and the page cache
  const plain: number[] = [];
  const boxed = new Map<SandboxMechanism, number[]>(mechanisms.map((m) => [m, []]));
  for (let i = 0; i < RUNS; i++) {
    plain.push(await once(UNSANDBOXED, bubblewrapSandbox));
    for (const mechanism of mechanisms) boxed.get(mechanism)?.push(await once(SANDBOXED, mechanism));
  }
  const a = median(plain);
  for (const mechanism of mechanisms) {
    const b = median(boxed.get(mechanism) ?? []);
    console.log(
      `sandbox (${mechanism.label}): a command's wall time, median of ${RUNS}: ${a.toFixed(1)} ms unsandboxed, ${b.toFixed(1)} ms sandboxed ` +
        `(workspace-write, no network): +${(b - a).toFixed(1)} ms (target <= 30 ms)`,
    );
  }
}

// `npx tsx scripts/bench/sandbox.ts`: this section alone.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await benchSandbox();
