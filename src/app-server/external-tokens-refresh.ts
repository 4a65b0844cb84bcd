// How an app-server has its client renew the ChatGPT tokens the client handed over
// (`account/login/start` `chatgptAuthTokens`): after a 401 the server asks
// `account/chatgptAuthTokens/refresh` `{reason: "unauthorized", previousAccountId}` and waits ten
// seconds for the new tokens, as Codex 0.169 does. An answer not of the shape, an error or no answer
// fails the request that was refused, saying so (never quoting the answer: it holds tokens).
import { ExternalTokensAnswer } from '../../protocol/auth.js';
import { ExternalTokensError, type ExternalTokensRefresher } from '../auth/external-tokens.js';
import { errorMessage } from '../errors.js';
import type { RpcConnection } from './rpc-connection.js';

export const EXTERNAL_TOKENS_REFRESH_METHOD = 'account/chatgptAuthTokens/refresh';
export const EXTERNAL_TOKENS_REFRESH_TIMEOUT_MS = 10_000;

export function clientTokensRefresher(conn: RpcConnection): ExternalTokensRefresher {
  return async (previousAccountId) => {
    let answer: unknown;
    try {
      answer = await conn.request(EXTERNAL_TOKENS_REFRESH_METHOD, { reason: 'unauthorized', previousAccountId: previousAccountId ?? null }, AbortSignal.timeout(EXTERNAL_TOKENS_REFRESH_TIMEOUT_MS));
    } catch (err) {
      throw new ExternalTokensError(`the ChatGPT backend refused the tokens the client gave, and the client did not renew them (${EXTERNAL_TOKENS_REFRESH_METHOD}: ${errorMessage(err)}): sign in again with account/login/start`);
    }
    const parsed = ExternalTokensAnswer.safeParse(answer);
    if (!parsed.success) throw new ExternalTokensError(`the client's answer to ${EXTERNAL_TOKENS_REFRESH_METHOD} is not {accessToken, chatgptAccountId, chatgptPlanType?}: sign in again with account/login/start`);
    return parsed.data;
  };
}
