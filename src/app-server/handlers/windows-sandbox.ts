// windowsSandbox/readiness and windowsSandbox/setupStart as Codex 0.169 answers them off Windows:
// the sandbox is not configured, and a setup starts, then ends at once in failure
// (`windowsSandbox/setupCompleted`, success false, saying why).
import type { z } from 'zod';
import type { WindowsSandboxSetupStartParams0169 } from '../../../protocol/app-server/v0169/more-params.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export function windowsSandboxReadiness(): HandlerResult {
  return { result: { status: 'notConfigured' } };
}

export function windowsSandboxSetupStart(ctx: ServerContext, params: z.infer<typeof WindowsSandboxSetupStartParams0169>): HandlerResult {
  const error = `the ${params.mode} Windows sandbox can only be set up on Windows; this server runs on ${process.platform}`;
  return { result: { started: true }, after: () => ctx.notifyAny('windowsSandbox/setupCompleted', { mode: params.mode, success: false, error }) };
}
