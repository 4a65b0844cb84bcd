// thread/shellCommand (0.169): a user's own shell command on a loaded thread (Codex's `!cmd`), run
// outside the sandbox as Codex runs it (thread/user-shell-command.ts). As in Codex, the script is
// trimmed (an empty one is refused) and a negative time limit is refused with Codex's -32602. The
// answer `{}` comes at once; the command's item, output and end follow as notifications, within the
// running turn or as a turn of its own (LoadedThread.shellCommand).
import type { z } from 'zod';
import type { ThreadShellCommandParams0169 } from '../../../protocol/app-server/v0169/shell-command-params.js';
import { RpcErrorCode } from '../../../protocol/app-server/jsonrpc.js';
import { CodexCodedError, rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export function threadShellCommand(ctx: ServerContext, params: z.infer<typeof ThreadShellCommandParams0169>): HandlerResult {
  const timeoutMs = params.timeoutMs ?? undefined;
  if (timeoutMs !== undefined && timeoutMs < 0) throw new CodexCodedError(`thread/shellCommand timeoutMs must be non-negative, got ${timeoutMs}`, RpcErrorCode.invalidParams);
  const command = params.command.trim();
  if (command === '') throw rpcError.invalidRequest('command must not be empty');
  const loaded = ctx.requireLoaded(params.threadId);
  return { result: {}, after: loaded.shellCommand(command, timeoutMs) };
}
