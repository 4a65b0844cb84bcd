// A call of the ChatGPT backend under `chatgpt_base_url` on behalf of the signed-in account, as
// Codex 0.169's app-server makes its account calls (observed against a recording mock): the path in
// the base's style (`<base>/wham/<path>`, or `<base>/api/codex/<path>` for a base without
// `/backend-api`), the user agent, the bearer and `chatgpt-account-id` (when the file names the
// account), then the call's own headers, then `accept: */*`. The answer's body is never put in an
// error: it may echo the account's data.
import { z } from 'zod';
import { ApiError } from '../errors.js';
import type { CaTrust } from './ca-trust.js';
import { jsonOf, smallRequest } from './https-request.js';
import { backendUrl } from './workspace-routing.js';

export interface BackendCall {
  readonly chatgptBaseUrl: string;
  readonly accessToken: string;
  readonly accountId: string | undefined;
  readonly userAgent: string;
  readonly trust: CaTrust | undefined;
  readonly method: 'GET' | 'POST';
  /** The path under `wham/` (and under `api/codex/` for the other style). */
  readonly path: string;
  /** Headers after the account id (`cache-control`, `content-type`). */
  readonly headers?: ReadonlyArray<readonly [string, string]>;
  readonly body?: unknown;
}

/** A backend call that got no answer, an error status, or an answer of another shape. */
export class BackendCallError extends ApiError {}

/** The answer's JSON, checked against `shape`; the status when it is not a success. */
export async function callBackend<S extends z.ZodType>(call: BackendCall, shape: S): Promise<z.infer<S>> {
  const url = backendUrl(call.chatgptBaseUrl, call.path, call.path);
  const where = `${new URL(url).origin}${new URL(url).pathname}`;
  let answer;
  try {
    answer = await smallRequest({
      method: call.method,
      url,
      headers: [
        ['user-agent', call.userAgent],
        ['authorization', `Bearer ${call.accessToken}`],
        ...(call.accountId !== undefined ? [['chatgpt-account-id', call.accountId] as const] : []),
        ...(call.headers ?? []),
        ['accept', '*/*'],
      ],
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      trust: call.trust,
      timeoutMs: 30_000,
    });
  } catch (err) {
    throw new BackendCallError(`${call.method} ${where} got no answer: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (answer.status < 200 || answer.status > 299) throw new BackendCallError(`${call.method} ${where} failed: HTTP ${answer.status}`, answer.status);
  const parsed = shape.safeParse(jsonOf(answer));
  if (!parsed.success) throw new BackendCallError(`${call.method} ${where}: the answer is not of the expected shape (${parsed.error.issues[0]?.path.join('.') || 'top level'}: ${parsed.error.issues[0]?.message ?? ''})`, answer.status);
  return parsed.data;
}
