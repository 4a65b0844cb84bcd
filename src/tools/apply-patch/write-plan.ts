// Writing a planned patch where the model's commands run: the patch writer (patch-writer-source.ts)
// runs as a process of its own under the thread's sandbox, with the same policy, roots and mechanism
// a command gets (sandbox-command.ts), as Codex applies a patch in a sandboxed process of its own. The
// policy check before it (patch-permission.ts) decides whether to ask; this is what holds when the
// tree changes between that check and the write (a directory swapped for a symlink by a command still
// running): the kernel refuses the write, the writer puts back what it changed, and nothing lands
// outside the roots. Unconfined only where a command would be: `danger-full-access`, or a patch the
// user approved writing outside the roots.
import { errorMessage } from '../../errors.js';
import { nodeChildProcess } from '../../node-builtins.js';
import { sandboxedArgv, type CommandSandbox } from '../sandbox/sandbox-command.js';
import type { PatchPlan } from './plan-patch.js';
import { PATCH_WRITER_SOURCE } from './patch-writer-source.js';

/** A write that failed part-way; the files were restored. */
export class PatchWriteError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(`could not write ${path}: ${detail}`);
    this.name = 'PatchWriteError';
  }
}

export interface PatchWriteSandbox {
  sandbox: CommandSandbox;
  /** The thread's environment: where the sandbox's programs are found, and its TMPDIR root. */
  env: Readonly<Record<string, string | undefined>>;
}

interface WriterAnswer {
  ok: boolean;
  path?: string;
  detail?: string;
}

function answerOf(stdout: string): WriterAnswer | undefined {
  const line = stdout.trim().split('\n').pop() ?? '';
  try {
    const parsed = JSON.parse(line) as unknown;
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { ok?: unknown }).ok === 'boolean') return parsed as WriterAnswer;
  } catch {
    // Not the writer's answer: reported below with what it printed.
  }
  return undefined;
}

/**
 * Writes `plan` all or nothing under `where`. Rejects with PatchWriteError when a write fails (the
 * files restored), and with SandboxUnavailableError (sandbox-command.ts) when the sandbox cannot be
 * set up (nothing written).
 */
export async function writePlan(plan: PatchPlan, where: PatchWriteSandbox): Promise<void> {
  const writes = [...plan.finalState];
  const first = writes[0]?.[0] ?? where.sandbox.policyCwd;
  const wrapped = await sandboxedArgv(where.sandbox, [process.execPath, '-e', PATCH_WRITER_SOURCE], where.env);
  const [file, ...args] = wrapped.argv as [string, ...string[]];
  const answer = await new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve, reject) => {
    // No environment of the thread's reaches the writer: nothing there can change what node runs.
    const child = nodeChildProcess().spawn(file, args, { cwd: where.sandbox.policyCwd, env: {}, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.once('error', (e) => reject(new PatchWriteError(first, errorMessage(e))));
    child.once('close', (code) => resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code }));
    child.stdin.on('error', () => undefined); // a writer that died early is reported by its exit
    child.stdin.end(JSON.stringify({ writes }));
  }).finally(() => wrapped.release());
  const result = answerOf(answer.stdout);
  if (result === undefined) throw new PatchWriteError(first, answer.stderr.trim() || `the patch writer exited with ${answer.code ?? 'a signal'}`);
  if (!result.ok) throw new PatchWriteError(result.path ?? first, result.detail ?? 'the write failed');
}
