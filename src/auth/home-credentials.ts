// What the home's auth.json signs in with, read as Codex 0.169 reads it: an API key (as `codex
// login --with-api-key` leaves it), or ChatGPT tokens (a file without `auth_mode` and without a
// key is ChatGPT's), or an agent identity (`auth_mode: agentIdentity`, its token in
// `agent_identity`; see agent-identity-session.ts). No file, or a ChatGPT file without tokens:
// nothing.
import type { AuthFile, AuthTokens } from '../../protocol/auth.js';
import { authFilePath, authModeOf } from './auth-file.js';
import { AgentIdentityError } from './agent-identity.js';
import { readAuth } from './auth-store.js';
import { AgentIdentitySession } from './agent-identity-session.js';
import { agentAuthApiBaseUrl } from './agent-task.js';
import { ChatGptSession, type ChatGptSessionOptions } from './chatgpt-session.js';

/** auth.json's `auth_mode` of an agent identity. */
export const AGENT_IDENTITY_MODE = 'agentIdentity';

export type HomeCredentials =
  | { readonly kind: 'apikey'; readonly apiKey: string }
  | { readonly kind: 'chatgpt'; readonly session: ChatGptSession }
  | { readonly kind: 'agentIdentity'; readonly session: AgentIdentitySession };

export function homeCredentials(opts: ChatGptSessionOptions): HomeCredentials | undefined {
  const file = readAuth({ home: opts.home, store: opts.store });
  return file === undefined ? undefined : credentialsOf(file, opts);
}

export function credentialsOf(file: AuthFile, opts: ChatGptSessionOptions): HomeCredentials | undefined {
  if (file.auth_mode === AGENT_IDENTITY_MODE) return typeof file.agent_identity === 'string' ? agentIdentityOf(file.agent_identity, opts) : undefined;
  if (authModeOf(file) === 'apikey') return typeof file.OPENAI_API_KEY === 'string' && file.OPENAI_API_KEY !== '' ? { kind: 'apikey', apiKey: file.OPENAI_API_KEY } : undefined;
  if (!file.tokens) return undefined;
  return { kind: 'chatgpt', session: new ChatGptSession(opts, file as AuthFile & { tokens: AuthTokens }) };
}

/** @throws AgentIdentityError naming auth.json (never the token) when the token is not an agent identity. */
function agentIdentityOf(token: string, opts: ChatGptSessionOptions): HomeCredentials {
  const callerHeaders: Array<[string, string]> = [
    ['originator', opts.caller.originator],
    ['user-agent', opts.caller.userAgent],
  ];
  try {
    const session = new AgentIdentitySession({ chatgptBaseUrl: opts.chatgptBaseUrl, authApiBaseUrl: agentAuthApiBaseUrl(opts.env), trust: opts.trust, callerHeaders }, token);
    return { kind: 'agentIdentity', session };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new AgentIdentityError(`${authFilePath(opts.home)} holds an agent identity weft cannot use (${reason}); sign in again (weft login --with-access-token)`);
  }
}
