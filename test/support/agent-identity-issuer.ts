// A test issuer of agent-identity JWTs, shaped as Codex 0.169 verifies them (read in its
// agent-identity crate): RS256 with a `kid` its JWKS lists, issuer
// `https://chatgpt.com/codex-backend/agent-identity`, audience `codex-app-server`, and the claims
// Codex decodes. The key is made per test run with jose; nothing here is trusted anywhere else.
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

export const AGENT_ISSUER = 'https://chatgpt.com/codex-backend/agent-identity';
export const AGENT_AUDIENCE = 'codex-app-server';

export interface AgentIssuer {
  readonly jwks: { keys: JWK[] };
  sign(over?: Record<string, unknown>, opts?: { kid?: string; issuer?: string; audience?: string; expSeconds?: number; key?: CryptoKey }): Promise<string>;
  /** Another key pair, not in the JWKS (a forger's). */
  readonly stranger: CryptoKey;
}

export async function makeAgentIssuer(kid = 'test-agent-kid-1'): Promise<AgentIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const stranger = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return {
    jwks: { keys: [jwk] },
    stranger,
    sign: async (over = {}, opts = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        agent_runtime_id: 'agent-runtime-fake-1',
        agent_private_key: 'MC4CAQAwBQYDK2VwBCIEIAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcH',
        account_id: 'acct-fake-0001',
        chatgpt_user_id: 'user-fake',
        email: 'agent@example.com',
        plan_type: 'plus',
        chatgpt_account_is_fedramp: false,
        ...over,
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: opts.kid ?? kid })
        .setIssuer(opts.issuer ?? AGENT_ISSUER)
        .setAudience(opts.audience ?? AGENT_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(opts.expSeconds ?? now + 3600)
        .sign(opts.key ?? privateKey);
    },
  };
}
