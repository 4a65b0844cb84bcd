// The account methods of Codex 0.169's app-server, with weft's sign-in behind them (src/auth/):
// `account/read` reports the home's sign-in (an API key, or ChatGPT with its email and plan; a
// refresh first when asked), `account/login/start` signs in with an API key, the browser flow or a
// device code, `account/login/cancel` stops a pending browser login, `account/logout` revokes and
// removes. `account/login/completed` follows a login that finishes after its answer (and an API key
// login at once), then `account/updated` says how the home is signed in now. Tokens never leave
// the server. A login's issuer is Codex's default one, or CODEX_APP_SERVER_LOGIN_ISSUER.
// `chatgptAuthTokens`: the client hands its own ChatGPT tokens over; they are kept in this
// connection's memory only (src/auth/external-tokens.ts), read before the home's sign-in, never
// renewed by weft (the client is asked after a 401), and a logout forgets them without a revoke.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { caTrust } from '../../auth/ca-trust.js';
import { DEFAULT_ISSUER } from '../../auth/issuer.js';
import { loginStatus } from '../../auth/login-status.js';
import { apiKeyFile } from '../../auth/signed-in-file.js';
import { isDefaultOpenAiProvider } from '../../client/provider.js';
import { codexUserAgent } from '../../client/user-agent.js';
import { providerSettings } from '../../engine/provider-settings.js';
import { errorMessage } from '../../errors.js';
import { idTokenInfo } from '../../auth/jwt-claims.js';
import { authPlace, readAuth, writeAuth, type AuthPlace } from '../../auth/auth-store.js';
import { EXTERNAL_TOKENS_MODE, externalTokensFile, isExternalTokensFile } from '../../auth/external-tokens.js';
import { rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

const PLAN_TYPES = new Set(['free', 'go', 'plus', 'pro', 'prolite', 'promax', 'team', 'self_serve_business_prolite', 'self_serve_business_usage_based', 'business', 'ent26', 'enterprise_cbp_automation', 'enterprise_cbp_usage_based', 'enterprise', 'edu', 'edu_plus', 'edu_pro', 'sci', 'sci_plus', 'unknown']);
const planType = (plan: string | undefined): string => (plan !== undefined && PLAN_TYPES.has(plan) ? plan : 'unknown');

/** The originator of the app-server's own issuer requests. */
const originatorOf = (ctx: ServerContext): string => ctx.client.name;

/** Where this connection reads and keeps the sign-in: its memory first, then the configured store. */
const placeOf = (ctx: ServerContext): AuthPlace => authPlace(ctx.base.runtime.home, ctx.base.runtime.config, ctx.memoryAuth.store);

const issuerOf = (ctx: ServerContext): string => {
  const override = ctx.base.runtime.env.CODEX_APP_SERVER_LOGIN_ISSUER;
  return override !== undefined && override.trim() !== '' ? override : DEFAULT_ISSUER;
};

export const AccountReadParams = z.object({ refreshToken: z.boolean().optional() });

export async function accountRead(ctx: ServerContext, params: z.infer<typeof AccountReadParams> = {}): Promise<HandlerResult> {
  const rt = ctx.base.runtime;
  const provider = providerSettings(rt.config, rt.configFile, rt.env);
  const requiresOpenaiAuth = isDefaultOpenAiProvider(provider) || provider.requiresOpenAiAuth === true;
  const credentials = params.refreshToken === true ? ctx.base.homeSignIn().credentials() : undefined;
  // Tokens a client handed over are the client's to renew: the flag is ignored for them, as in Codex.
  if (credentials?.kind === 'chatgpt' && !credentials.session.external) {
    await credentials.session.refresh('scheduled').catch((err: unknown) => ctx.log(`account/read: the token refresh failed: ${errorMessage(err)}`));
  }
  const status = loginStatus(placeOf(ctx), rt.env);
  if (status.kind === 'none') return { result: { account: null, userId: null, requiresOpenaiAuth } };
  if (status.kind === 'apikey') return { result: { account: { type: 'apiKey' }, userId: null, requiresOpenaiAuth } };
  const file = readAuth(placeOf(ctx));
  const userId = file?.tokens ? (idTokenInfo(file.tokens.id_token).userId ?? null) : null;
  return { result: { account: { type: 'chatgpt', email: status.email ?? null, planType: planType(status.plan), workspaceName: null }, userId, requiresOpenaiAuth } };
}

export const LoginStartParams = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('apiKey'), apiKey: z.string() }),
  z.looseObject({ type: z.literal('chatgpt') }),
  z.looseObject({ type: z.literal('chatgptDeviceCode') }),
  z.looseObject({ type: z.literal('chatgptAuthTokens'), accessToken: z.string(), chatgptAccountId: z.string(), chatgptPlanType: z.string().nullish() }),
  z.looseObject({ type: z.literal('amazonBedrock') }),
  z.looseObject({ type: z.literal('amazonBedrockAccessKeys') }),
]);

/** After a sign-in changed: later threads read the new one; the client hears how the home is signed in. */
function signInChanged(ctx: ServerContext): void {
  ctx.signInChanged();
  const place = placeOf(ctx);
  const status = loginStatus(place, ctx.base.runtime.env);
  ctx.notifyAny('account/updated', {
    authMode: status.kind === 'none' ? null : isExternalTokensFile(readAuth(place)) ? EXTERNAL_TOKENS_MODE : status.kind,
    planType: status.kind === 'chatgpt' ? planType(status.plan) : null,
  });
}

function completed(ctx: ServerContext, loginId: string | null, outcome: Promise<void>): void {
  outcome.then(
    () => {
      ctx.logins.delete(loginId ?? '');
      ctx.notifyAny('account/login/completed', { loginId, success: true, error: null, onboardingEntrypoint: null });
      signInChanged(ctx);
    },
    (err: unknown) => {
      ctx.logins.delete(loginId ?? '');
      ctx.notifyAny('account/login/completed', { loginId, success: false, error: errorMessage(err), onboardingEntrypoint: null });
    },
  );
}

export async function accountLoginStart(ctx: ServerContext, params: z.infer<typeof LoginStartParams>): Promise<HandlerResult> {
  const rt = ctx.base.runtime;
  const trust = caTrust(rt.env);
  switch (params.type) {
    case 'apiKey': {
      if (params.apiKey.trim() === '') throw rpcError.invalidField('apiKey', 'expected a non-empty API key');
      await writeAuth(placeOf(ctx), apiKeyFile(params.apiKey.trim()));
      return { result: { type: 'apiKey' }, after: () => completed(ctx, null, Promise.resolve()) };
    }
    case 'chatgpt': {
      const { startBrowserLogin } = await import('../../auth/browser-login.js');
      let login;
      try {
        login = await startBrowserLogin({ home: rt.home, store: placeOf(ctx).store, memory: ctx.memoryAuth.store, trust, originator: originatorOf(ctx), issuer: issuerOf(ctx) });
      } catch (err) {
        throw rpcError.invalidRequest(errorMessage(err));
      }
      const loginId = randomUUID();
      ctx.logins.set(loginId, () => login.cancel());
      return { result: { type: 'chatgpt', loginId, authUrl: login.authorizeUrl }, after: () => completed(ctx, loginId, login.completed) };
    }
    case 'chatgptDeviceCode': {
      const { deviceLogin } = await import('../../auth/device-login.js');
      const abort = new AbortController();
      let shown!: (code: { verificationUrl: string; userCode: string }) => void;
      const code = new Promise<{ verificationUrl: string; userCode: string }>((resolve) => {
        shown = resolve;
      });
      const outcome = deviceLogin({ home: rt.home, store: placeOf(ctx).store, memory: ctx.memoryAuth.store, issuer: issuerOf(ctx), trust, signal: abort.signal, show: (verificationUrl, userCode) => shown({ verificationUrl, userCode }) });
      const first = await Promise.race([code, outcome.then(() => undefined)]).catch((err: unknown) => {
        throw rpcError.invalidRequest(errorMessage(err));
      });
      if (first === undefined) throw rpcError.invalidRequest('the sign-in service finished the device-code login before showing a code');
      const loginId = randomUUID();
      ctx.logins.set(loginId, () => abort.abort());
      return { result: { type: 'chatgptDeviceCode', loginId, ...first }, after: () => completed(ctx, loginId, outcome) };
    }
    case 'chatgptAuthTokens': {
      ctx.memoryAuth.store.set(externalTokensFile(params, new Date()));
      return { result: { type: 'chatgptAuthTokens' }, after: () => completed(ctx, null, Promise.resolve()) };
    }
    default:
      throw rpcError.invalidRequest(`account/login/start: weft signs in with an API key, ChatGPT (browser, device code, or tokens the client gives), not \`${params.type}\``);
  }
}

export const LoginCancelParams = z.object({ loginId: z.string() });

export function accountLoginCancel(ctx: ServerContext, params: z.infer<typeof LoginCancelParams>): HandlerResult {
  const cancel = ctx.logins.get(params.loginId);
  if (cancel === undefined) return { result: { status: 'notFound' } };
  ctx.logins.delete(params.loginId);
  cancel();
  return { result: { status: 'canceled' } };
}

export async function accountLogout(ctx: ServerContext): Promise<HandlerResult> {
  const rt = ctx.base.runtime;
  const { logout } = await import('../../auth/revoke.js');
  const originator = originatorOf(ctx);
  await logout({ ...placeOf(ctx), env: rt.env, trust: caTrust(rt.env), caller: { originator, userAgent: codexUserAgent(originator, rt.profile.cliVersion, rt.env) } });
  return { result: {}, after: () => signInChanged(ctx) };
}
