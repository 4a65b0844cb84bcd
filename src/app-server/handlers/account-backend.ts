// The account methods of Codex 0.169's app-server that read or act on the ChatGPT backend, answered
// as Codex answers them (observed against a recording mock, shared facts in docs/chatgpt-signin.md):
// they need a ChatGPT sign-in (without one: an invalid-request error saying which sign-in is
// missing), then call `chatgpt_base_url` with the account's tokens (src/auth/backend-call.ts); a
// failed call is an internal error naming the endpoint and its status. The user agent names the
// client as `initialize` gave it, as Codex's calls after `initialize` do (observed). `account/rateLimits/read`
// reads `wham/usage`; `account/workspaceMessages/read` reads `wham/workspace-messages` (a route the
// backend lacks means the feature is off); `account/securitySetup/read` reads
// `wham/security-setup` and has no notice without a sign-in or when the call fails;
// `account/sendAddCreditsNudgeEmail` posts `{credit_type}`. The gateway OAuth methods: weft has no
// gateway OAuth, so no provider requires it (read), a login is refused, a cancel has nothing to do.
import { z } from 'zod';
import { UsageAnswer } from '../../../protocol/chatgpt-usage.js';
import { BackendCallError, callBackend, type BackendCall } from '../../auth/backend-call.js';
import { caTrust } from '../../auth/ca-trust.js';
import { DEFAULT_CHATGPT_BASE_URL } from '../../auth/workspace-routing.js';
import { providerId, providerSettings } from '../../engine/provider-settings.js';
import { RpcErrorCode } from '../../../protocol/app-server/jsonrpc.js';
import { ProtocolError } from '../../errors.js';
import { rpcError } from '../rpc-errors.js';
import { userAgent } from '../user-agent.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';
import { snapshotsOf } from './rate-limit-snapshots.js';

export type Call = Omit<BackendCall, 'method' | 'path' | 'headers' | 'body'>;

/** The signed-in account's call settings, or the error Codex answers without a ChatGPT sign-in. */
export async function chatgptCall(ctx: ServerContext, what: string): Promise<Call> {
  const credentials = ctx.base.homeSignIn().credentials();
  if (credentials === undefined) throw rpcError.invalidRequest(`${what} needs a ChatGPT sign-in, and this home is not signed in (account/login/start, or weft login)`);
  if (credentials.kind !== 'chatgpt') throw rpcError.invalidRequest(`${what} needs a ChatGPT sign-in; this home is signed in with an API key`);
  const fresh = await credentials.session.fresh();
  const rt = ctx.base.runtime;
  return {
    chatgptBaseUrl: rt.config.chatgpt_base_url ?? DEFAULT_CHATGPT_BASE_URL,
    accessToken: fresh.accessToken,
    accountId: fresh.accountId,
    userAgent: userAgent(ctx.client, rt.profile.cliVersion, rt.env),
    trust: caTrust(rt.env),
  };
}

/** A failed backend call as Codex answers it: an internal error naming what failed. */
export function failed(what: string, err: unknown): never {
  if (err instanceof BackendCallError) throw new ProtocolError(`${what}: ${err.message}`, RpcErrorCode.internalError);
  throw err;
}

export async function accountRateLimitsRead(ctx: ServerContext): Promise<HandlerResult> {
  const call = await chatgptCall(ctx, 'reading the rate limits');
  const answer = await callBackend({ ...call, method: 'GET', path: 'usage' }, UsageAnswer).catch((err: unknown) => failed('the rate limits could not be read', err));
  const snapshots = snapshotsOf(answer);
  return {
    result: {
      ordinaryUsageAllowed: null,
      rateLimits: snapshots[0],
      rateLimitsByLimitId: Object.fromEntries(snapshots.map((s) => [s.limitId, s])),
      rateLimitResetCredits: null,
      accountId: null,
      rateLimitUpsell: null,
    },
  };
}

const WorkspaceMessage = z.object({
  messageId: z.string(),
  messageBody: z.string(),
  messageType: z.enum(['headline', 'announcement', 'unknown']),
  createdAt: z.number().int().nullish(),
  archivedAt: z.number().int().nullish(),
});

export async function accountWorkspaceMessagesRead(ctx: ServerContext): Promise<HandlerResult> {
  const call = await chatgptCall(ctx, 'reading the workspace messages');
  try {
    const answer = await callBackend({ ...call, method: 'GET', path: 'workspace-messages', headers: [['cache-control', 'no-store']] }, z.object({ messages: z.array(WorkspaceMessage) }));
    return { result: { featureEnabled: true, messages: answer.messages } };
  } catch (err) {
    if (err instanceof BackendCallError && err.status === 404) return { result: { featureEnabled: false, messages: [] } };
    return failed('the workspace messages could not be read', err);
  }
}

const SecurityNotice = z.object({
  accountId: z.string(),
  userId: z.string(),
  title: z.string(),
  description: z.string(),
  action: z.object({ label: z.string(), url: z.string() }),
});

export async function accountSecuritySetupRead(ctx: ServerContext): Promise<HandlerResult> {
  const credentials = ctx.base.homeSignIn().credentials();
  if (credentials?.kind !== 'chatgpt') return { result: { notice: null } };
  const call = await chatgptCall(ctx, 'reading the security setup');
  const answer = await callBackend({ ...call, method: 'GET', path: 'security-setup' }, z.object({ notice: SecurityNotice.nullish() })).catch(() => ({ notice: null }));
  return { result: { notice: answer.notice ?? null } };
}

export const NudgeParams = z.object({ creditType: z.enum(['credits', 'usage_limit']) });

export async function accountSendAddCreditsNudgeEmail(ctx: ServerContext, params: z.infer<typeof NudgeParams>): Promise<HandlerResult> {
  const call = await chatgptCall(ctx, 'asking the workspace owner for credits');
  const answer = await callBackend(
    { ...call, method: 'POST', path: 'accounts/send_add_credits_nudge_email', headers: [['content-type', 'application/json']], body: { credit_type: params.creditType } },
    z.object({ status: z.enum(['sent', 'cooldown_active']) }),
  ).catch((err: unknown) => failed('the workspace owner could not be asked', err));
  return { result: { status: answer.status } };
}

export function accountGatewayOAuthRead(ctx: ServerContext): HandlerResult {
  const rt = ctx.base.runtime;
  const provider = providerSettings(rt.config, rt.configFile, rt.env);
  return { result: { providerId: providerId(rt.config), providerName: provider.name, required: false, supportsDeviceAuth: false, status: null, error: null } };
}

export function accountGatewayOAuthLogin(): HandlerResult {
  throw rpcError.invalidRequest('the selected provider does not sign in through a gateway (weft has no gateway OAuth)');
}

export function accountGatewayOAuthCancel(): HandlerResult {
  return { result: {} };
}
