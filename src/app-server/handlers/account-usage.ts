// `account/usage/read` and `account/rateLimitResetCredit/consume` of Codex 0.169's app-server,
// answered as the real 0.169 answers them against a mock of the ChatGPT backend: both need a
// ChatGPT sign-in (src/app-server/handlers/account-backend.ts says which is missing) and call
// `chatgpt_base_url` with the account's tokens. The usage read maps the token usage profile
// (`profiles/me`: its five counts and its daily buckets); given a `threadId` it reads that
// thread's usage estimate instead (`usage/thread_usage/query`), the account counts then all null,
// and no estimate when the backend refuses (403) or lacks (404) the route. The consume call sends
// the idempotency key as the redeem request id (and the credit id when given) and answers the
// backend's outcome in the protocol's casing. Params are checked before any sign-in lookup.
import { z } from 'zod';
import { ResetCreditConsumeAnswer, ThreadUsageAnswer, TokenUsageProfileAnswer } from '../../../protocol/chatgpt-token-usage.js';
import { BackendCallError, callBackend } from '../../auth/backend-call.js';
import { isThreadId } from '../../rollout/store/thread-id.js';
import { ProtocolError } from '../../errors.js';
import { RpcErrorCode } from '../../../protocol/app-server/jsonrpc.js';
import { rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';
import { chatgptCall, failed } from './account-backend.js';

export const UsageReadParams = z.object({ threadId: z.string().nullish() }).nullish();

export const ResetCreditConsumeParams = z.object({ idempotencyKey: z.string(), creditId: z.string().nullish() });

const NO_COUNTS = { lifetimeTokens: null, peakDailyTokens: null, longestRunningTurnSec: null, currentStreakDays: null, longestStreakDays: null };

export async function accountUsageRead(ctx: ServerContext, params: z.infer<typeof UsageReadParams>): Promise<HandlerResult> {
  const threadId = params?.threadId ?? undefined;
  if (threadId !== undefined && !isThreadId(threadId)) throw rpcError.invalidRequest(`the thread id ${JSON.stringify(String(threadId).slice(0, 80))} is not a UUID`);
  const call = await chatgptCall(ctx, 'reading the token usage');
  if (threadId !== undefined) {
    const id = threadId.toLowerCase();
    return { result: { summary: NO_COUNTS, dailyUsageBuckets: null, threadUsage: await threadUsage(call, id) } };
  }
  const answer = await callBackend({ ...call, method: 'GET', path: 'profiles/me' }, TokenUsageProfileAnswer).catch((err: unknown) => failed('the token usage could not be read', err));
  const s = answer.stats;
  return {
    result: {
      summary: {
        lifetimeTokens: s.lifetime_tokens ?? null,
        peakDailyTokens: s.peak_daily_tokens ?? null,
        longestRunningTurnSec: s.longest_running_turn_sec ?? null,
        currentStreakDays: s.current_streak_days ?? null,
        longestStreakDays: s.longest_streak_days ?? null,
      },
      dailyUsageBuckets: s.daily_usage_buckets?.map((b) => ({ startDate: b.start_date, tokens: b.tokens })) ?? null,
      threadUsage: null,
    },
  };
}

async function threadUsage(call: Awaited<ReturnType<typeof chatgptCall>>, threadId: string): Promise<Record<string, unknown> | null> {
  let answer: ThreadUsageAnswer;
  try {
    answer = await callBackend({ ...call, method: 'POST', path: 'usage/thread_usage/query', headers: [['content-type', 'application/json']], body: { thread_ids: [threadId] } }, ThreadUsageAnswer);
  } catch (err) {
    if (err instanceof BackendCallError && (err.status === 403 || err.status === 404)) return null;
    return failed('the thread’s usage could not be read', err);
  }
  const usage = answer.threads.find((t) => t.thread_id === threadId);
  if (usage === undefined) throw new ProtocolError(`the thread’s usage could not be read: the backend’s answer has no entry for thread ${threadId}`, RpcErrorCode.internalError);
  return {
    threadId: usage.thread_id,
    estimatedUsageCreditsMicros: usage.estimated_usage_credits_micros,
    estimatedUsageUsdMicros: usage.estimated_usage_usd_micros ?? null,
    nativeUsageUsdMicros: usage.native_usage_usd_micros ?? null,
    groups: (usage.groups ?? []).map((g) => ({
      model: g.model ?? null,
      reasoningEffort: g.reasoning_effort ?? null,
      speed: g.speed ?? null,
      estimatedUsageCreditsMicros: g.estimated_usage_credits_micros,
      netNewInputTokens: g.net_new_input_tokens ?? null,
      cachedInputTokens: g.cached_input_tokens ?? null,
      inputTokens: g.input_tokens ?? null,
      outputTokens: g.output_tokens ?? null,
      totalTokens: g.total_tokens ?? null,
    })),
  };
}

const OUTCOME = { reset: 'reset', nothing_to_reset: 'nothingToReset', no_credit: 'noCredit', already_redeemed: 'alreadyRedeemed' } as const;

export async function accountRateLimitResetCreditConsume(ctx: ServerContext, params: z.infer<typeof ResetCreditConsumeParams>): Promise<HandlerResult> {
  if (params.idempotencyKey === '') throw rpcError.invalidRequest('idempotencyKey is empty; give one key per reset attempt (a UUID), the same again when retrying it');
  if (params.creditId === '') throw rpcError.invalidRequest('creditId is empty; leave it out to let the backend pick the next credit');
  const call = await chatgptCall(ctx, 'spending a rate-limit reset credit');
  const body = { redeem_request_id: params.idempotencyKey, ...(params.creditId != null ? { credit_id: params.creditId } : {}) };
  const answer = await callBackend({ ...call, method: 'POST', path: 'rate-limit-reset-credits/consume', headers: [['content-type', 'application/json']], body }, ResetCreditConsumeAnswer).catch((err: unknown) =>
    failed('the rate-limit reset credit could not be spent', err),
  );
  return { result: { outcome: OUTCOME[answer.code] } };
}
