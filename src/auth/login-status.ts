// What `weft login status` says of a home: how it is signed in, never a token. An API key is shown
// as Codex masks it (its first eight and last five characters, or nothing of a short one); an agent
// identity (login --with-access-token) by the email and plan its claims carry.
import { authModeOf } from './auth-file.js';
import { readAuth, type AuthPlace } from './auth-store.js';
import { idTokenInfo } from './jwt-claims.js';
import { agentIdentityClaimsOf, type AgentIdentityClaims } from './agent-identity.js';

function agentIdentityClaimsOrUndefined(token: string): AgentIdentityClaims | undefined {
  try {
    return agentIdentityClaimsOf(token);
  } catch {
    return undefined;
  }
}

export type LoginStatus =
  | { readonly kind: 'none' }
  | { readonly kind: 'apikey'; readonly masked: string }
  | { readonly kind: 'chatgpt'; readonly email: string | undefined; readonly plan: string | undefined }
  | { readonly kind: 'agentIdentity'; readonly email: string | undefined; readonly plan: string | undefined };

export function maskApiKey(key: string): string {
  if (key.length <= 13) return '***';
  return `${key.slice(0, 8)}***${key.slice(-5)}`;
}

export function loginStatus(place: AuthPlace, env: Readonly<Record<string, string | undefined>>): LoginStatus {
  const file = readAuth(place);
  if (file === undefined) {
    const key = env.CODEX_API_KEY;
    return key ? { kind: 'apikey', masked: maskApiKey(key) } : { kind: 'none' };
  }
  if (file.auth_mode === 'agentIdentity' && typeof file.agent_identity === 'string') {
    const claims = agentIdentityClaimsOrUndefined(file.agent_identity);
    return { kind: 'agentIdentity', email: claims?.email ?? undefined, plan: claims?.plan_type };
  }
  if (authModeOf(file) === 'apikey') return typeof file.OPENAI_API_KEY === 'string' ? { kind: 'apikey', masked: maskApiKey(file.OPENAI_API_KEY) } : { kind: 'none' };
  if (!file.tokens) return { kind: 'none' };
  const info = idTokenInfo(file.tokens.id_token);
  return { kind: 'chatgpt', email: info.email, plan: info.planType };
}
