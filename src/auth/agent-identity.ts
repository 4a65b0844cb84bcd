// An agent-identity token (`login --with-access-token`), checked as Codex 0.169 checks one before
// keeping it (read in its agent-identity code, confirmed against the real binary with a test
// issuer): the payload must carry the claims Codex decodes (runtime id, private key, account id,
// user id and plan as strings, the FedRAMP flag as a boolean; the email may be absent), checked
// before anything is sent; then the issuer's key set is fetched from the ChatGPT backend
// (`<base>/wham/agent-identities/jwks`, or `<base>/agent-identities/jwks` for a base without
// `/backend-api`), and the signature verified with it: RS256, a `kid` the set lists, issuer
// `https://chatgpt.com/codex-backend/agent-identity`, audience `codex-app-server`, not expired.
// The signature check is jose's (docs/dependencies.md). Errors say what failed, never the token.
import { createLocalJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { z } from 'zod';
import { ApiError } from '../errors.js';
import type { CaTrust } from './ca-trust.js';
import { jsonOf, smallRequest } from './https-request.js';

export const AGENT_IDENTITY_ISSUER = 'https://chatgpt.com/codex-backend/agent-identity';
export const AGENT_IDENTITY_AUDIENCE = 'codex-app-server';

/** The claims Codex 0.169 requires of the payload before it fetches the key set. */
export const AgentIdentityClaims = z.object({
  agent_runtime_id: z.string(),
  agent_private_key: z.string(),
  account_id: z.string(),
  chatgpt_user_id: z.string(),
  email: z.string().nullish(),
  plan_type: z.string(),
  chatgpt_account_is_fedramp: z.boolean(),
});
export type AgentIdentityClaims = z.infer<typeof AgentIdentityClaims>;

/** A token that is not an agent identity, or that its issuer's keys do not vouch for. */
export class AgentIdentityError extends ApiError {}

/** The key set's address for a `chatgpt_base_url`. */
export function agentIdentityJwksUrl(chatgptBaseUrl: string): string {
  const base = chatgptBaseUrl.replace(/\/+$/, '');
  return base.includes('/backend-api') ? `${base}/wham/agent-identities/jwks` : `${base}/agent-identities/jwks`;
}

/** The payload's claims, read without trusting them (the first check, before any request). */
export function agentIdentityClaimsOf(token: string): AgentIdentityClaims {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => p === '')) throw new AgentIdentityError('the access token is not a JWT (three dot-separated parts); pass the agent identity token as issued');
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8'));
  } catch {
    throw new AgentIdentityError('the access token’s payload is not base64url JSON; pass the agent identity token as issued');
  }
  const claims = AgentIdentityClaims.safeParse(payload);
  if (!claims.success) throw new AgentIdentityError(`the access token is not an agent identity (claim \`${claims.error.issues[0]?.path.join('.') ?? ''}\` missing or of another type)`);
  return claims.data;
}

export interface VerifyAgentIdentity {
  readonly token: string;
  readonly chatgptBaseUrl: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly trust: CaTrust | undefined;
}

/** The token's claims once its signature, issuer, audience and expiry hold. */
export async function verifyAgentIdentity(v: VerifyAgentIdentity): Promise<AgentIdentityClaims> {
  const claims = agentIdentityClaimsOf(v.token);
  const url = agentIdentityJwksUrl(v.chatgptBaseUrl);
  const where = `${new URL(url).origin}${new URL(url).pathname}`;
  let answer;
  try {
    answer = await smallRequest({ method: 'GET', url, headers: [...v.headers, ['accept', '*/*']], trust: v.trust, timeoutMs: 10_000 });
  } catch (err) {
    throw new AgentIdentityError(`the agent identity keys could not be fetched from ${where}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (answer.status < 200 || answer.status > 299) throw new AgentIdentityError(`the agent identity keys could not be fetched: GET ${where} answered HTTP ${answer.status}`, answer.status);
  const jwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).safeParse(jsonOf(answer));
  if (!jwks.success) throw new AgentIdentityError(`the agent identity keys from ${where} are not a JSON Web Key Set`);
  const kid = safeKid(v.token);
  if (kid === undefined) throw new AgentIdentityError('the access token’s header names no key (`kid`); it cannot be checked');
  if (!jwks.data.keys.some((k) => k.kid === kid)) throw new AgentIdentityError(`the access token was signed with key \`${kid.slice(0, 64)}\`, which the issuer does not list`);
  try {
    await jwtVerify(v.token, createLocalJWKSet(jwks.data as unknown as JSONWebKeySet), {
      algorithms: ['RS256'],
      issuer: AGENT_IDENTITY_ISSUER,
      audience: AGENT_IDENTITY_AUDIENCE,
      requiredClaims: ['exp', 'iss', 'aud'],
      clockTolerance: 60,
    });
  } catch (err) {
    const why = err instanceof joseErrors.JWTExpired ? 'it has expired' : err instanceof joseErrors.JWTClaimValidationFailed ? `its \`${err.claim}\` claim is not the one expected` : 'its signature does not verify with the issuer’s keys';
    throw new AgentIdentityError(`the access token was refused: ${why}; ask for a new agent identity token`);
  }
  return claims;
}

function safeKid(token: string): string | undefined {
  try {
    const kid = decodeProtectedHeader(token).kid;
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return undefined;
  }
}
