// command/exec and its follow-ups (0.169): a standalone command, without a thread or turn, run in
// the sandbox the server's configuration gives the model's commands (or the `sandboxPolicy` asked
// for), on pipes or a PTY (`tty`), its stdin written with command/exec/write when `streamStdin`,
// its output streamed as `command/exec/outputDelta` when asked (and then left out of the answer),
// resized and terminated by the client's `processId`. The answer waits for the exit. Buffered runs
// time out after DEFAULT_TIMEOUT_MS unless told otherwise; each stream keeps DEFAULT_OUTPUT_CAP bytes.
import path from 'node:path';
import type { z } from 'zod';
import type { CommandExecParams0169, CommandExecResizeParams0169, CommandExecTerminateParams0169, CommandExecWriteParams0169 } from '../../../protocol/app-server/v0169/more-params.js';
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { sandboxModeFor, sandboxPolicyFor } from '../../config/resolve-settings.js';
import { SandboxUnavailableError } from '../../tools/sandbox/sandbox-command.js';
import { ExecProcess } from '../exec-process.js';
import { rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_OUTPUT_CAP = 1024 * 1024;

type Params = z.infer<typeof CommandExecParams0169>;

function policyOf(ctx: ServerContext, asked: Params['sandboxPolicy']): SandboxPolicy {
  const config = ctx.base.runtime.config;
  if (!asked) return sandboxPolicyFor(sandboxModeFor(config, {}), config);
  switch (asked.type) {
    case 'dangerFullAccess':
      return { type: 'danger-full-access' };
    case 'readOnly':
      return { type: 'read-only' };
    case 'externalSandbox':
      throw rpcError.invalidRequest('command/exec: an external sandbox is not supported by weft; ask for readOnly, workspaceWrite or dangerFullAccess');
    case 'workspaceWrite':
      return {
        type: 'workspace-write',
        ...(asked.writableRoots && asked.writableRoots.length > 0 ? { writable_roots: asked.writableRoots } : {}),
        network_access: asked.networkAccess ?? false,
        exclude_tmpdir_env_var: asked.excludeTmpdirEnvVar ?? false,
        exclude_slash_tmp: asked.excludeSlashTmp ?? false,
      };
  }
}

function envOf(ctx: ServerContext, overrides: Params['env']): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.options.env)) if (typeof v === 'string') env[k] = v;
  for (const [k, v] of Object.entries(overrides ?? {})) {
    if (v === null) delete env[k];
    else env[k] = v;
  }
  return env;
}

export async function commandExec(ctx: ServerContext, p: Params): Promise<HandlerResult> {
  if (p.command.length === 0) throw rpcError.invalidRequest('command must not be empty');
  const streams = p.tty === true || p.streamStdin === true || p.streamStdoutStderr === true;
  if (streams && !p.processId) throw rpcError.invalidRequest('command/exec tty or streaming requires a client-supplied processId');
  if (p.size && p.tty !== true) throw rpcError.invalidRequest('command/exec size is only valid when tty is true');
  if (p.disableTimeout === true && p.timeoutMs !== undefined && p.timeoutMs !== null) throw rpcError.invalidRequest('command/exec cannot combine timeoutMs with disableTimeout');
  if (p.disableOutputCap === true && p.outputBytesCap !== undefined && p.outputBytesCap !== null) throw rpcError.invalidRequest('command/exec cannot combine outputBytesCap with disableOutputCap');
  if (p.processId && ctx.execProcesses.has(p.processId)) throw rpcError.invalidRequest(`command/exec process id ${JSON.stringify(p.processId)} is already running`);
  const processId = p.processId ?? undefined;
  const streamOut = p.tty === true || p.streamStdoutStderr === true;
  const starting = ExecProcess.start({
    argv: p.command,
    cwd: p.cwd ? path.resolve(ctx.options.cwd, p.cwd) : ctx.options.cwd,
    policyCwd: ctx.options.cwd,
    env: envOf(ctx, p.env),
    policy: policyOf(ctx, p.sandboxPolicy),
    mechanism: ctx.base.runtime.profile.commandSandbox,
    tty: p.tty === true,
    size: p.size ?? undefined,
    streamStdin: p.tty === true || p.streamStdin === true,
    outputCap: p.disableOutputCap === true ? undefined : (p.outputBytesCap ?? DEFAULT_OUTPUT_CAP),
    timeoutMs: p.disableTimeout === true ? undefined : (p.timeoutMs ?? (streams ? undefined : DEFAULT_TIMEOUT_MS)),
    onOutput: streamOut
      ? (stream, chunk, capReached) => ctx.notifyAny('command/exec/outputDelta', { processId: processId as string, stream, deltaBase64: chunk.toString('base64'), capReached })
      : undefined,
  });
  // Registered at once: a write, resize or terminate sent right after this request finds it.
  if (processId) ctx.execProcesses.set(processId, starting);
  try {
    let proc: ExecProcess;
    try {
      proc = await starting;
    } catch (err) {
      if (err instanceof SandboxUnavailableError) throw rpcError.invalidRequest(`command/exec: ${err.message}`);
      throw rpcError.invalidRequest(`command/exec: could not start ${p.command[0]}: ${(err as Error).message}`);
    }
    return { result: await proc.done };
  } finally {
    if (processId && ctx.execProcesses.get(processId) === starting) ctx.execProcesses.delete(processId);
  }
}

async function running(ctx: ServerContext, processId: string): Promise<ExecProcess> {
  const proc = ctx.execProcesses.get(processId);
  const started = proc && (await proc.catch(() => undefined));
  if (!started) throw rpcError.invalidRequest(`no active command/exec for process id ${JSON.stringify(processId)}`);
  return started;
}

export async function commandExecWrite(ctx: ServerContext, p: z.infer<typeof CommandExecWriteParams0169>): Promise<HandlerResult> {
  const proc = await running(ctx, p.processId);
  if (p.deltaBase64 && !proc.write(Buffer.from(p.deltaBase64, 'base64'))) throw rpcError.invalidRequest(`command/exec ${JSON.stringify(p.processId)} was not started with streamStdin`);
  if (p.closeStdin === true) proc.closeStdin();
  return { result: {} };
}

export async function commandExecTerminate(ctx: ServerContext, p: z.infer<typeof CommandExecTerminateParams0169>): Promise<HandlerResult> {
  (await running(ctx, p.processId)).terminate();
  return { result: {} };
}

export async function commandExecResize(ctx: ServerContext, p: z.infer<typeof CommandExecResizeParams0169>): Promise<HandlerResult> {
  if (!(await running(ctx, p.processId)).resize(p.size.rows, p.size.cols)) throw rpcError.invalidRequest(`command/exec ${JSON.stringify(p.processId)} has no terminal to resize (start it with tty: true)`);
  return { result: {} };
}
