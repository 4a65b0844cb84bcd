// Codex 0.169's workspace routing lookup, made before the Responses traffic of a ChatGPT sign-in
// whose file names its account (`tokens.account_id`): `GET …/accounts/check` under
// `chatgpt_base_url` (`<base>/wham/accounts/check` when the base holds `/backend-api`, else
// `<base>/api/codex/accounts/check`), with the bearer and the account id and no originator. The
// answer lists accounts; exactly one must carry the account's id, its override must be one Codex
// knows, and its origin must be a bare https origin (or `NO_CONSTRAINT`: chatgpt_base_url's own
// origin). The Responses traffic then goes to `<origin>/backend-api/codex`, whatever the base's path.
import { AccountsCheck } from '../../protocol/auth.js';
import { ApiError } from '../errors.js';
import type { CaTrust } from './ca-trust.js';
import { jsonOf, smallRequest } from './https-request.js';

export const DEFAULT_CHATGPT_BASE_URL = 'https://chatgpt.com/backend-api/';
const OVERRIDES = new Set(['NO_CONSTRAINT', 'us', 'us_cr']);

/**
 * The lookup failed: the turn cannot reach the account's workspace. Codex makes the lookup for each
 * connection attempt, so a failure is retryable on the stream's budget (client/stream-request.ts);
 * `status` 401 asks for auth recovery instead.
 */
export class WorkspaceRoutingError extends ApiError {
  constructor(message: string, status?: number) {
    super(message, status, status !== 401);
  }
}

/** A backend endpoint under `chatgpt_base_url`, in the path style the base calls for. */
export function backendUrl(chatgptBaseUrl: string, whamPath: string, codexApiPath: string): string {
  const base = chatgptBaseUrl.replace(/\/+$/, '');
  return base.includes('/backend-api') ? `${base}/wham/${whamPath}` : `${base}/api/codex/${codexApiPath}`;
}

export interface RoutingRequest {
  readonly chatgptBaseUrl: string;
  readonly accessToken: string;
  readonly accountId: string;
  readonly userAgent: string;
  readonly trust: CaTrust | undefined;
}

/** The base URL of the account's Responses traffic (`<origin>/backend-api/codex`). */
export async function workspaceResponsesBase(req: RoutingRequest): Promise<string> {
  const url = backendUrl(req.chatgptBaseUrl, 'accounts/check', 'accounts/check');
  const what = `the workspace routing lookup (${new URL(url).origin}${new URL(url).pathname})`;
  let answer;
  try {
    answer = await smallRequest({
      method: 'GET',
      url,
      headers: [
        ['user-agent', req.userAgent],
        ['authorization', `Bearer ${req.accessToken}`],
        ['chatgpt-account-id', req.accountId],
        ['accept', '*/*'],
      ],
      trust: req.trust,
      timeoutMs: 30_000,
    });
  } catch (err) {
    throw new WorkspaceRoutingError(`${what} got no answer: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (answer.status < 200 || answer.status > 299) throw new WorkspaceRoutingError(`${what} failed: HTTP ${answer.status}`, answer.status);
  const parsed = AccountsCheck.safeParse(jsonOf(answer));
  if (!parsed.success) throw new WorkspaceRoutingError(`${what} failed: the answer has no accounts list`);
  const matching = parsed.data.accounts.filter((account) => account.id === req.accountId);
  if (matching.length !== 1) throw new WorkspaceRoutingError(`${what} failed: the answer lists the signed-in account ${matching.length} times, not once`);
  const account = matching[0] as (typeof matching)[number];
  const override = account.account_routing_override ?? 'NO_CONSTRAINT';
  if (!OVERRIDES.has(override)) throw new WorkspaceRoutingError(`${what} failed: unknown routing override ${JSON.stringify(override)}`);
  const origin = account.workspace_backend_origin ?? 'NO_CONSTRAINT';
  const chosen = origin === 'NO_CONSTRAINT' ? new URL(req.chatgptBaseUrl).origin : bareHttpsOrigin(origin);
  if (chosen === undefined || !chosen.startsWith('https://')) {
    throw new WorkspaceRoutingError(`the account's workspace backend must be an https origin without credentials, path or query; the routing lookup named ${JSON.stringify(origin)}`);
  }
  return `${chosen}/backend-api/codex`;
}

/** `origin` when it is an https URL with nothing but scheme, host and port. */
function bareHttpsOrigin(origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return undefined;
  if (url.pathname !== '/' && url.pathname !== '') return undefined;
  return url.origin;
}
