// Runs one command through weft's spawn point (spawnCommand) under a sandbox and collects its merged
// output and exit code: what the sandbox tests and the bench need.
import type { SandboxPolicy } from '../../protocol/rollout.js';
import { spawnCommand } from '../../src/tools/run-process.js';
import type { SandboxMechanism } from '../../src/tools/sandbox/sandbox-mechanism.js';

export async function runSandboxed(
  argv: string[],
  cwd: string,
  env: Record<string, string>,
  policy: SandboxPolicy,
  mechanism: SandboxMechanism,
): Promise<{ exitCode: number; output: string }> {
  const cmd = await spawnCommand({ argv, cwd, env, sandbox: { policy, policyCwd: cwd, mechanism } });
  const chunks: Buffer[] = [];
  cmd.onData((c) => chunks.push(c));
  const { exitCode } = await cmd.closed;
  return { exitCode, output: Buffer.concat(chunks).toString('utf8') };
}
