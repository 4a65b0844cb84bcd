// One Weft's view of its home's sign-in: auth.json read once and shared by the engine's threads (one
// ChatGPT session, one renewal at a time), forgotten after a login or logout so that threads opened
// afterwards read it again. What a thread's provider, the catalog request and the request headers
// need of it is asked here.
import type { AgentIdentitySession } from '../auth/agent-identity-session.js';
import type { ChatGptSession } from '../auth/chatgpt-session.js';
import type { ProviderSettings } from '../client/provider.js';
import { codexUserAgent } from '../client/user-agent.js';
import { CHATGPT_CODEX_BASE_URL, agentIdentitySessionOf, chatGptSessionOf, loadHomeSignIn, signedInProvider, type HomeSignIn } from './home-sign-in.js';
import { openAiBaseUrl, providerSettings } from './provider-settings.js';
import type { Runtime } from './runtime.js';
import type { CatalogCredential, SignedInCatalog } from './signed-in-catalog.js';
import type { MemoryAuth } from './weft-options.js';

export class SignInState {
  #signIn: HomeSignIn | undefined;

  constructor(
    private readonly rt: Runtime,
    private readonly originator: string,
    private readonly memoryAuth?: MemoryAuth,
  ) {}

  /** The home's sign-in, read on first use. */
  home(): HomeSignIn {
    const rt = this.rt;
    return (this.#signIn ??= loadHomeSignIn({ home: rt.home, env: rt.env, config: rt.config, cliVersion: rt.profile.cliVersion, originator: this.originator, memoryAuth: this.memoryAuth }));
  }

  forget(): void {
    this.#signIn = undefined;
  }

  /** The configured provider, as the home's sign-in has it send. */
  provider(): ProviderSettings {
    const rt = this.rt;
    return signedInProvider(providerSettings(rt.config, rt.configFile, rt.env), this.home(), rt, rt.profile.chatgptSignIn);
  }

  /** The ChatGPT session the threads' requests use, when signed in with ChatGPT. */
  chatGptSession(): ChatGptSession | undefined {
    const provider = this.#signInProvider();
    return provider === undefined ? undefined : chatGptSessionOf(this.home(), provider, true);
  }

  /** The agent identity the threads' requests use, when the home holds one. */
  agentIdentitySession(): AgentIdentitySession | undefined {
    const provider = this.#signInProvider();
    return provider === undefined ? undefined : agentIdentitySessionOf(this.home(), provider, true);
  }

  /** The configured provider, when this generation signs in at all and the provider table is usable. */
  #signInProvider(): ProviderSettings | undefined {
    const rt = this.rt;
    if (!rt.profile.chatgptSignIn) return undefined;
    try {
      return providerSettings(rt.config, rt.configFile, rt.env);
    } catch {
      // No usable provider table: the turn reports that itself; there is no session to speak of.
      return undefined;
    }
  }

  /** The catalog request's credentials and service, when signed in with ChatGPT or an agent identity. */
  signedInCatalog(): SignedInCatalog | undefined {
    const session = this.chatGptSession();
    const agent = session === undefined ? this.agentIdentitySession() : undefined;
    if (session === undefined && agent === undefined) return undefined;
    const credential = async (): Promise<CatalogCredential> => {
      if (session !== undefined) {
        const fresh = await session.fresh();
        return { authorization: `Bearer ${fresh.accessToken}`, accountId: fresh.accountId };
      }
      const prepared = await (agent as AgentIdentitySession).prepare();
      return { authorization: `${prepared.scheme} ${prepared.bearer}`, accountId: prepared.headers['chatgpt-account-id'] };
    };
    const rt = this.rt;
    return {
      baseUrl: openAiBaseUrl(rt.config, rt.env) ?? CHATGPT_CODEX_BASE_URL,
      credential,
      originator: this.originator,
      userAgent: codexUserAgent(this.originator, rt.profile.cliVersion, rt.env),
      trust: this.home().trust,
    };
  }
}
