// Runs a scenario step with the real Codex CLI, for the cross-resume tests: one engine writes a
// rollout, the other resumes it, and the requests must still be the recorded ones.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EngineDriver, StepContext, StepOutcome } from './driver.js';
import { threadPlaceholder } from './normalize.js';

/** The Codex binary of `version`, from $WEFT_CODEX_BIN or scripts/install-codex.sh's cache. */
export function findCodexBinary(version: string): string | undefined {
  const explicit = process.env.WEFT_CODEX_BIN;
  if (explicit) return existsSync(explicit) ? explicit : undefined;
  const cache = process.env.WEFT_CODEX_CACHE ?? path.join(os.homedir(), '.cache');
  const candidate = path.join(cache, `weft-codex-${version}`, 'node_modules', '.bin', 'codex');
  return existsSync(candidate) ? candidate : undefined;
}

export function codexBinaryDriver(binary: string): EngineDriver {
  return {
    async runStep(ctx: StepContext): Promise<StepOutcome> {
      if (ctx.step.interface !== 'exec') throw new Error('the Codex binary driver runs exec steps only');
      const args = commandArgs(ctx);
      const env = { ...ctx.env, PATH: `${path.dirname(process.execPath)}:${ctx.env.PATH ?? '/usr/bin:/bin'}` };
      const { code, stdout, stderr } = await run(binary, args, ctx.cwd, env);
      if (code !== ctx.step.exit_code) throw new Error(`codex ${args.join(' ')} exited ${code}:\n${stderr}`);
      const threadIds: string[] = [];
      const resumes = ctx.ops.some((op) => op.op === 'resume');
      for (const line of stdout.split('\n')) {
        if (!line.startsWith('{')) continue;
        const event = JSON.parse(line) as { type?: string; thread_id?: string };
        if (event.type === 'thread.started' && event.thread_id && !resumes) threadIds.push(event.thread_id);
      }
      return { threadIds, stdout };
    },
  };
}

/**
 * The step's recorded command line without `codex`, with the threads of earlier steps put back in
 * place of their placeholders (e.g. the id `exec fork` takes).
 */
function commandArgs(ctx: StepContext): string[] {
  const [, ...args] = ctx.step.argv;
  return args.map((arg) => ctx.knownThreadIds.reduce((text, id, i) => text.split(threadPlaceholder(i)).join(id), arg));
}

/** Runs `cmd` to its end, collecting both streams. */
export function run(cmd: string, args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Step 1 with `first`, every later step with `rest`. */
export function splitDriver(first: EngineDriver, rest: EngineDriver): EngineDriver {
  return { runStep: (ctx) => (ctx.step.process === 1 ? first : rest).runStep(ctx) };
}
