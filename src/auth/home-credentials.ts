// What the home's auth.json signs in with, read as Codex 0.169 reads it: an API key (as `codex
// login --with-api-key` leaves it), or ChatGPT tokens (a file without `auth_mode` and without a
// key is ChatGPT's), or an agent identity (`auth_mode: agentIdentity`, its token in
// `agent_identity`; see agent-identity-session.ts), or tokens a client handed over (in the
// app-server's memory, read first). No file, or a ChatGPT file without tokens: nothing.
import type { AuthFile, AuthTokens } from '../../protocol/auth.js';
import { authFilePath, authModeOf } from './auth-file.js';
import { AgentIdentityError } from './agent-identity.js';
import { readAuth } from './auth-store.js';
import { AgentIdentitySession } from './agent-identity-session.js';
import { agentAuthApiBaseUrl } from './agent-task.js';
import { ChatGptSession, type ChatGptSessionOptions } from './chatgpt-session.js';
import { externalTokensFile, isExternalTokensFile, type ExternalTokensRefresher } from './external-tokens.js';
import type { MemoryAuthStore } from './memory-auth.js';

/** auth.json's `auth_mode` of an agent identity. */
export const AGENT_IDENTITY_MODE = 'agentIdentity';

export type HomeCredentials =
  | { readonly kind: 'apikey'; readonly apiKey: string }
  | { readonly kind: 'chatgpt'; readonly session: ChatGptSession }
  | { readonly kind: 'agentIdentity'; readonly session: AgentIdentitySession };

export interface HomeCredentialsOptions extends Omit<ChatGptSessionOptions, 'renewExternal'> {
  /** The app-server's in-memory sign-in, and how its client renews the tokens it handed over. */
  readonly memory?: { readonly store: MemoryAuthStore; readonly refresher?: ExternalTokensRefresher | undefined } | undefined;
}

export function homeCredentials(opts: HomeCredentialsOptions): HomeCredentials | undefined {
  const file = readAuth({ home: opts.home, store: opts.store, memory: opts.memory?.store });
  return file === undefined ? undefined : credentialsOf(file, opts);
}

export function credentialsOf(file: AuthFile, opts: HomeCredentialsOptions): HomeCredentials | undefined {
  if (file.auth_mode === AGENT_IDENTITY_MODE) return typeof file.agent_identity === 'string' ? agentIdentityOf(file.agent_identity, opts) : undefined;
  if (authModeOf(file) === 'apikey') return typeof file.OPENAI_API_KEY === 'string' && file.OPENAI_API_KEY !== '' ? { kind: 'apikey', apiKey: file.OPENAI_API_KEY } : undefined;
  if (!file.tokens) return undefined;
  const { memory, ...session } = opts;
  const refresher = memory?.refresher;
  const renewExternal =
    isExternalTokensFile(file) && memory !== undefined && refresher !== undefined
      ? async (previousAccountId: string | undefined) => {
          // The client's new tokens replace the old in memory, as Codex's do (other threads read them next).
          const next = externalTokensFile(await refresher(previousAccountId), opts.now?.() ?? new Date());
          memory.store.set(next);
          return next;
        }
      : undefined;
  return { kind: 'chatgpt', session: new ChatGptSession(renewExternal ? { ...session, renewExternal } : session, file as AuthFile & { tokens: AuthTokens }) };
}

/** @throws AgentIdentityError naming auth.json (never the token) when the token is not an agent identity. */
function agentIdentityOf(token: string, opts: HomeCredentialsOptions): HomeCredentials {
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
