// One process's use of a ChatGPT sign-in: the tokens of the home's auth.json, renewed on Codex's
// triggers, shared with whatever else uses the home (Codex itself included).
//
// Before a request (`credential`): a refresh when one is due (token-refresh.ts), then the account's
// workspace (workspace-routing.ts) when the file names the account. After a 401 (`recovery`):
// first the file is read again (another process may have renewed the tokens; the account must be
// the same), then the tokens are refreshed, then the request fails. A refresh holds `auth.lock`
// for its whole course and reads the file again under it: when another process renewed the tokens
// meanwhile, those are taken and the issuer is not asked (a refresh token used twice is lost).
// A permanent refusal is remembered for the tokens it refused, so a turn ends once, with one request.
// Tokens a client handed over (external-tokens.ts) are never renewed here: no refresh before a
// request, and after a 401 the client is asked for new ones (`renewExternal`), once.
import path from 'node:path';
import type { AuthFile, AuthTokens } from '../../protocol/auth.js';
import { readAuth, writeAuth, type AuthStoreMode } from './auth-store.js';
import type { CaTrust, Env } from './ca-trust.js';
import { acquireFileLock } from '../file-lock.js';
import { RefreshFailedError, refreshReason, refreshedFile, requestRefresh, type CallerIdentity, type RefreshReason } from './token-refresh.js';
import { workspaceResponsesBase } from './workspace-routing.js';
import { isExternalTokensFile } from './external-tokens.js';

export const REFRESH_LOCK = 'auth.lock';

export interface ChatGptSessionOptions {
  readonly home: string;
  /** Where the sign-in is kept (`cli_auth_credentials_store`). */
  readonly store: AuthStoreMode;
  readonly env: Env;
  readonly trust: CaTrust | undefined;
  /** The originator and user agent of the refresh request. */
  readonly caller: CallerIdentity;
  /** The user agent of the routing lookup. */
  readonly routingUserAgent: string;
  /** config `chatgpt_base_url` (Codex's default when unset). */
  readonly chatgptBaseUrl: string;
  readonly now?: () => Date;
  /** Tokens a client handed over: how to have the client renew them (absent: they cannot be renewed). */
  readonly renewExternal?: (previousAccountId: string | undefined) => Promise<AuthFile & { tokens: AuthTokens }>;
}

/** What a request carries and where it goes. */
export interface SignedInCredential {
  readonly accessToken: string;
  /** `chatgpt-account-id`, when the file names the account. */
  readonly accountId: string | undefined;
  /** The Responses base URL of the account's workspace, when the routing lookup ran. */
  readonly responsesBase: string | undefined;
}

export class ChatGptSession {
  #file: AuthFile;
  #tokens: AuthTokens;
  #routed: { token: string; base: string } | undefined;
  #refused: { refreshToken: string; error: RefreshFailedError } | undefined;

  constructor(
    private readonly opts: ChatGptSessionOptions,
    file: AuthFile & { tokens: AuthTokens },
  ) {
    this.#file = file;
    this.#tokens = file.tokens;
  }

  get tokens(): AuthTokens {
    return this.#tokens;
  }

  get accountId(): string | undefined {
    return this.#tokens.account_id ?? undefined;
  }

  /** Every string a message must not show. */
  secrets(): string[] {
    const t = this.#tokens;
    return [t.access_token, t.refresh_token, t.id_token];
  }

  #place(): { home: string; store: AuthStoreMode } {
    return { home: this.opts.home, store: this.opts.store };
  }

  #now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  /** Tokens a client handed over (and renews), not the home's own sign-in. */
  get external(): boolean {
    return isExternalTokensFile(this.#file);
  }

  #dueReason(): RefreshReason | undefined {
    return this.external ? undefined : refreshReason(this.#tokens, this.#file.last_refresh, this.#now().getTime());
  }

  /** The credential for the next request: refreshed first when due, routed when the account is named. */
  async credential(): Promise<SignedInCredential> {
    const reason = this.#dueReason();
    if (reason !== undefined) await this.refresh(reason);
    return this.#routedCredential();
  }

  /** The credential after a refresh when one is due, without the routing lookup (the model catalog request). */
  async fresh(): Promise<SignedInCredential> {
    const reason = this.#dueReason();
    if (reason !== undefined) await this.refresh(reason);
    return { accessToken: this.#tokens.access_token, accountId: this.accountId, responsesBase: undefined };
  }

  async #routedCredential(): Promise<SignedInCredential> {
    const accountId = this.accountId;
    const accessToken = this.#tokens.access_token;
    if (accountId === undefined) return { accessToken, accountId, responsesBase: undefined };
    if (this.#routed?.token !== accessToken) {
      const base = await workspaceResponsesBase({
        chatgptBaseUrl: this.opts.chatgptBaseUrl,
        accessToken,
        accountId,
        userAgent: this.opts.routingUserAgent,
        trust: this.opts.trust,
      });
      this.#routed = { token: accessToken, base };
    }
    return { accessToken, accountId, responsesBase: this.#routed.base };
  }

  /** One request's way back from a 401: reload, then refresh, then give up (see the header). */
  recovery(): { next(): Promise<boolean> } {
    let step = 0;
    if (this.external) {
      return {
        next: async () => {
          step++;
          const renew = this.opts.renewExternal;
          if (step > 1 || renew === undefined) return false;
          this.#adopt(await renew(this.accountId));
          return true;
        },
      };
    }
    return {
      next: async () => {
        step++;
        if (step === 1) return this.#reload();
        if (step === 2) {
          await this.refresh('unauthorized_recovery');
          return true;
        }
        return false;
      },
    };
  }

  /** Takes the file's tokens when they are the same account's; true when there was a usable file. */
  #reload(): boolean {
    const file = readAuth(this.#place());
    if (!file?.tokens) return false;
    if ((file.tokens.account_id ?? undefined) !== this.accountId) return false;
    this.#adopt(file as AuthFile & { tokens: AuthTokens });
    return true;
  }

  #adopt(file: AuthFile & { tokens: AuthTokens }): void {
    this.#file = file;
    this.#tokens = file.tokens;
  }

  /**
   * Renews the tokens and rewrites the file, under the refresh lock.
   * @throws RefreshFailedError
   */
  async refresh(reason: RefreshReason): Promise<void> {
    if (this.external) {
      const renew = this.opts.renewExternal;
      if (renew !== undefined) this.#adopt(await renew(this.accountId));
      return;
    }
    const refused = this.#refused;
    if (refused && refused.refreshToken === this.#tokens.refresh_token) throw refused.error;
    const release = await acquireFileLock(path.join(this.opts.home, REFRESH_LOCK));
    try {
      const current = readAuth(this.#place());
      if (current?.tokens && current.tokens.refresh_token !== this.#tokens.refresh_token && (current.tokens.account_id ?? undefined) === this.accountId) {
        // Another process renewed them while this one waited or worked: use its tokens.
        this.#adopt(current as AuthFile & { tokens: AuthTokens });
        if (refreshReason(this.#tokens, this.#file.last_refresh, this.#now().getTime()) === undefined || reason === 'unauthorized_recovery') return;
      }
      const base = current?.tokens ? (current as AuthFile & { tokens: AuthTokens }) : { ...this.#file, tokens: this.#tokens };
      let answer;
      try {
        answer = await requestRefresh(base.tokens, reason, { env: this.opts.env, trust: this.opts.trust, caller: this.opts.caller });
      } catch (err) {
        if (err instanceof RefreshFailedError && err.permanent) this.#refused = { refreshToken: base.tokens.refresh_token, error: err };
        throw err;
      }
      const next = refreshedFile(base, base.tokens, answer, this.#now()) as AuthFile & { tokens: AuthTokens };
      await writeAuth(this.#place(), next);
      this.#adopt(next);
    } finally {
      release();
    }
  }
}
