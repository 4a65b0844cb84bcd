// What Codex reads from a token without checking its signature: the JWT payload, base64url-decoded.
// An access token that is not a JWT (an opaque token) has no claims; an id_token's claims name the
// user, the plan and the ChatGPT account.
const AUTH_CLAIM = 'https://api.openai.com/auth';
const PROFILE_CLAIM = 'https://api.openai.com/profile';

/** The payload of a JWT, or undefined when `token` is not one (three dot-separated parts, a JSON object in the middle). */
export function jwtPayload(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined || parts[1] === '') return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return isClaimSet(claims) ? claims : undefined;
  } catch {
    return undefined;
  }
}

function isClaimSet(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JWT's `exp` in Unix seconds, when the token is a JWT that has one. */
export function jwtExpiry(token: string): number | undefined {
  const exp = jwtPayload(token)?.exp;
  return typeof exp === 'number' ? exp : undefined;
}

export interface IdTokenInfo {
  readonly email?: string | undefined;
  readonly planType?: string | undefined;
  readonly userId?: string | undefined;
  readonly accountId?: string | undefined;
}

/** The id_token claims Codex reads: `email` (or the profile claim's), and from the auth claim the plan, user and account. */
export function idTokenInfo(idToken: string): IdTokenInfo {
  const payload = jwtPayload(idToken) ?? {};
  const auth = objectOf(payload[AUTH_CLAIM]);
  const profile = objectOf(payload[PROFILE_CLAIM]);
  return {
    email: stringOf(payload.email) ?? stringOf(profile.email),
    planType: stringOf(auth.chatgpt_plan_type),
    userId: stringOf(auth.chatgpt_user_id) ?? stringOf(auth.user_id),
    accountId: stringOf(auth.chatgpt_account_id),
  };
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
