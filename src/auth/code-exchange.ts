// The authorization-code exchange that ends both login flows: `POST <issuer>/oauth/token`, form-
// encoded `grant_type=authorization_code&client_id&code&redirect_uri&code_verifier`, with no
// originator or user agent (raw/23).
import { CodeExchangeAnswer } from '../../protocol/auth.js';
import { WeftError } from '../errors.js';
import type { CaTrust } from './ca-trust.js';
import { jsonOf, smallRequest } from './https-request.js';
import { CODEX_CLIENT_ID } from './issuer.js';
import type { IssuedTokens } from './signed-in-file.js';

export class LoginFailedError extends WeftError {
  constructor(message: string) {
    super('api', message);
  }
}

export async function exchangeCode(opts: { issuer: string; code: string; redirectUri: string; codeVerifier: string; trust: CaTrust | undefined }): Promise<IssuedTokens> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', client_id: CODEX_CLIENT_ID, code: opts.code, redirect_uri: opts.redirectUri, code_verifier: opts.codeVerifier });
  let answer;
  try {
    answer = await smallRequest({
      method: 'POST',
      url: `${opts.issuer.replace(/\/+$/, '')}/oauth/token`,
      headers: [
        ['content-type', 'application/x-www-form-urlencoded'],
        ['accept', '*/*'],
      ],
      body: form.toString(),
      trust: opts.trust,
      timeoutMs: 30_000,
    });
  } catch (err) {
    throw new LoginFailedError(`Signing in failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (answer.status < 200 || answer.status > 299) throw new LoginFailedError(`Signing in failed: the sign-in service answered the code exchange with HTTP ${answer.status}.`);
  const parsed = CodeExchangeAnswer.safeParse(jsonOf(answer));
  if (!parsed.success) throw new LoginFailedError('Signing in failed: the sign-in service did not answer with tokens.');
  return { id_token: parsed.data.id_token, access_token: parsed.data.access_token, refresh_token: parsed.data.refresh_token };
}
