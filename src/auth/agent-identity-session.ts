// One process's use of an agent identity (auth.json `auth_mode: agentIdentity`, written by
// `weft login --with-access-token`): the token is checked against the issuer's key set and the task
// registered once, before the first request that needs it; every request then carries a fresh
// assertion of that task (agent-task.ts). A registration that fails is not repeated within the
// process: each later request fails with it.
import { agentIdentityClaimsOf, verifyAgentIdentity, type AgentIdentityClaims } from './agent-identity.js';
import { agentAssertion, agentKeyOf, registerAgentTask, type AgentKey } from './agent-task.js';
import type { CaTrust } from './ca-trust.js';

export interface AgentIdentitySessionOptions {
  /** config `chatgpt_base_url` (Codex's default when unset): where the issuer's key set is fetched. */
  readonly chatgptBaseUrl: string;
  /** Where tasks are registered (agentAuthApiBaseUrl). */
  readonly authApiBaseUrl: string;
  readonly trust: CaTrust | undefined;
  /** `originator` and the login user agent, in that order: the key set's and the registration's headers. */
  readonly callerHeaders: ReadonlyArray<readonly [string, string]>;
  readonly now?: () => Date;
}

export const AGENT_ASSERTION_SCHEME = 'AgentAssertion';

/** What one request carries: the assertion (after the scheme) and the account's headers. */
export interface AgentCredential {
  readonly bearer: string;
  readonly scheme: typeof AGENT_ASSERTION_SCHEME;
  readonly headers: Readonly<Record<string, string>>;
}

export class AgentIdentitySession {
  readonly claims: AgentIdentityClaims;
  readonly #token: string;
  readonly #opts: AgentIdentitySessionOptions;
  #key: AgentKey | undefined;
  #task: Promise<string> | undefined;

  /** @throws AgentIdentityError when the token is not an agent identity. */
  constructor(opts: AgentIdentitySessionOptions, token: string) {
    this.#opts = opts;
    this.#token = token;
    this.claims = agentIdentityClaimsOf(token);
  }

  #now(): Date {
    return this.#opts.now?.() ?? new Date();
  }

  #signingKey(): AgentKey {
    this.#key ??= agentKeyOf(this.claims);
    return this.#key;
  }

  /**
   * The task of this process, registered on first use once the token's signature holds against
   * the issuer's key set, as Codex 0.169 checks it before registering (observed: the key set is
   * fetched first). @throws AgentIdentityError, AgentTaskError
   */
  taskId(): Promise<string> {
    this.#task ??= (async () => {
      await verifyAgentIdentity({ token: this.#token, chatgptBaseUrl: this.#opts.chatgptBaseUrl, headers: this.#opts.callerHeaders, trust: this.#opts.trust });
      return registerAgentTask({
        key: this.#signingKey(),
        authApiBaseUrl: this.#opts.authApiBaseUrl,
        headers: [...this.#opts.callerHeaders, ['accept', '*/*']],
        trust: this.#opts.trust,
        now: this.#now(),
      });
    })();
    return this.#task;
  }

  /** The next request's credential: a new assertion of the task, and the account's headers. */
  async prepare(): Promise<AgentCredential> {
    const taskId = await this.taskId();
    const assertion = agentAssertion(this.#signingKey(), taskId, this.#now()).slice(AGENT_ASSERTION_SCHEME.length + 1);
    const headers: Record<string, string> = { 'chatgpt-account-id': this.claims.account_id };
    if (this.claims.chatgpt_account_is_fedramp) headers['x-openai-fedramp'] = 'true';
    return { bearer: assertion, scheme: AGENT_ASSERTION_SCHEME, headers };
  }

  /** Every string a message must not show: the token and the identity's key. */
  secrets(): string[] {
    return [this.#token, this.claims.agent_private_key];
  }
}
