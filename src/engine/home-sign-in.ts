// The home's sign-in as a thread's provider uses it (generations with `chatgptSignIn`, the built-in
// provider on the Responses wire): auth.json's API key as the key; or its ChatGPT tokens, which move
// the provider to the ChatGPT backend (`openai_base_url`, else Codex's default), compress bodies
// with zstd and work out each request's bearer, account id and workspace (src/auth/). Every
// provider trusts the CA the environment names. One session per Weft: its threads share renewals.
import type { ConfigToml } from '../../protocol/config.js';
import { caTrust, type CaTrust } from '../auth/ca-trust.js';
import type { AgentIdentitySession } from '../auth/agent-identity-session.js';
import type { ChatGptSession } from '../auth/chatgpt-session.js';
import { homeCredentials, type HomeCredentials } from '../auth/home-credentials.js';
import { DEFAULT_CHATGPT_BASE_URL } from '../auth/workspace-routing.js';
import { isDefaultOpenAiProvider, type Env, type PreparedAuth, type ProviderAuth, type ProviderSettings } from '../client/provider.js';
import { codexUserAgent } from '../client/user-agent.js';
import { openAiBaseUrl } from './provider-settings.js';
import type { MemoryAuth } from './weft-options.js';

/** The built-in provider's base under a ChatGPT sign-in, unless `openai_base_url` moves it. */
export const CHATGPT_CODEX_BASE_URL = 'https://chatgpt.com/backend-api/codex';

export interface HomeSignIn {
  readonly trust: CaTrust | undefined;
  /** Read from auth.json on first use (a provider the sign-in does not apply to never reads it). */
  credentials(): HomeCredentials | undefined;
}

export interface HomeSignInInput {
  readonly home: string;
  readonly env: Env;
  readonly config: ConfigToml;
  readonly cliVersion: string;
  readonly originator: string;
  readonly memoryAuth?: MemoryAuth | undefined;
}

export function loadHomeSignIn(input: HomeSignInInput): HomeSignIn {
  const trust = caTrust(input.env);
  const userAgent = codexUserAgent(input.originator, input.cliVersion, input.env);
  let read: { value: HomeCredentials | undefined } | undefined;
  const credentials = (): HomeCredentials | undefined =>
    (read ??= {
      value: homeCredentials({
        home: input.home,
        store: input.config.cli_auth_credentials_store ?? 'file',
        env: input.env,
        trust,
        caller: { originator: input.originator, userAgent },
        routingUserAgent: userAgent,
        chatgptBaseUrl: input.config.chatgpt_base_url ?? DEFAULT_CHATGPT_BASE_URL,
        memory: input.memoryAuth,
      }),
    }).value;
  return { trust, credentials };
}

/** Whether the sign-in applies to this provider at all. */
export function signInApplies(provider: ProviderSettings, generationSignsIn: boolean): boolean {
  return generationSignsIn && isDefaultOpenAiProvider(provider) && provider.wireApi === 'responses';
}

/** The provider as the home's sign-in has it send (see the header). */
export function signedInProvider(provider: ProviderSettings, signIn: HomeSignIn, input: Pick<HomeSignInInput, 'config' | 'env'>, generationSignsIn: boolean): ProviderSettings {
  const trusted: ProviderSettings = signIn.trust ? { ...provider, trust: signIn.trust } : provider;
  if (!signInApplies(provider, generationSignsIn)) return trusted;
  const credentials = signIn.credentials();
  if (!credentials) return trusted;
  if (credentials.kind === 'apikey') return { ...trusted, apiKey: credentials.apiKey };
  return {
    ...trusted,
    baseUrl: openAiBaseUrl(input.config, input.env) ?? CHATGPT_CODEX_BASE_URL,
    auth: credentials.kind === 'chatgpt' ? sessionAuth(credentials.session) : agentIdentityAuth(credentials.session),
    ...(input.config.features?.enable_request_compression === false ? {} : { compressRequests: 'zstd' as const }),
  };
}

/** The client's per-request credential port, over a session. */
export function sessionAuth(session: ChatGptSession): ProviderAuth {
  return {
    async prepare(): Promise<PreparedAuth> {
      const credential = await session.credential();
      const headers: Record<string, string> = credential.accountId !== undefined ? { 'chatgpt-account-id': credential.accountId } : {};
      return {
        bearer: credential.accessToken,
        headers,
        baseUrl: credential.responsesBase,
      };
    },
    recovery: () => session.recovery(),
    secrets: () => session.secrets(),
  };
}

/** The client's per-request credential port, over an agent identity. A 401 is final: an identity has no refresh. */
export function agentIdentityAuth(session: AgentIdentitySession): ProviderAuth {
  return {
    prepare: () => session.prepare(),
    recovery: () => ({ next: () => Promise.resolve(false) }),
    secrets: () => session.secrets(),
  };
}

/** The ChatGPT session a provider's sign-in holds, if any. */
export function chatGptSessionOf(signIn: HomeSignIn | undefined, provider: ProviderSettings, generationSignsIn: boolean): ChatGptSession | undefined {
  if (signIn === undefined || !signInApplies(provider, generationSignsIn)) return undefined;
  const credentials = signIn.credentials();
  return credentials?.kind === 'chatgpt' ? credentials.session : undefined;
}

/** The agent identity a provider's sign-in holds, if any. */
export function agentIdentitySessionOf(signIn: HomeSignIn | undefined, provider: ProviderSettings, generationSignsIn: boolean): AgentIdentitySession | undefined {
  if (signIn === undefined || !signInApplies(provider, generationSignsIn)) return undefined;
  const credentials = signIn.credentials();
  return credentials?.kind === 'agentIdentity' ? credentials.session : undefined;
}
