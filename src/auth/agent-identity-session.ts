// One process's use of an agent identity (auth.json `auth_mode: agentIdentity`, written by
// `weft login --with-access-token`): the task is registered once, before the first request that
// needs it, and every request then carries a fresh assertion of that task (agent-task.ts). A
// registration that fails is not repeated within the process: each later request fails with it.
import { agentIdentityClaimsOf, type AgentIdentityClaims } from './agent-identity.js';
import { agentAssertion, agentKeyOf, registerAgentTask, type AgentKey } from './agent-task.js';
import type { CaTrust } from './ca-trust.js';

export interface AgentIdentitySessionOptions {
  /** config `chatgpt_base_url` (Codex's default when unset). */
  readonly chatgptBaseUrl: string;
  readonly trust: CaTrust | undefined;
  /** The registration request's headers beside content-type, in order. */
  readonly registrationHeaders: ReadonlyArray<readonly [string, string]>;
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

  /** The task of this process, registered on first use. @throws AgentTaskError */
  taskId(): Promise<string> {
    this.#task ??= registerAgentTask({
      key: this.#signingKey(),
      chatgptBaseUrl: this.#opts.chatgptBaseUrl,
      headers: this.#opts.registrationHeaders,
      trust: this.#opts.trust,
      now: this.#now(),
    });
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
