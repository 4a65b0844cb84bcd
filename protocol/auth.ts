// The sign-in shapes Codex 0.169 reads and writes: `auth.json` in the home, the issuer's token
// answers (refresh, authorization code, device code), and the workspace routing lookup of the
// ChatGPT backend. Field names and order are Codex's; unknown fields are not kept (a rewrite drops
// them, as Codex's does).
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const OAuthProvenance = lazySchema(() => z.object({ issuer: z.string(), client_id: z.string() }));
export type OAuthProvenance = z.infer<typeof OAuthProvenance>;

export const AuthTokens = lazySchema(() =>
  z.object({
    id_token: z.string(),
    access_token: z.string(),
    refresh_token: z.string(),
    oauth_provenance: OAuthProvenance.optional(),
    login_owner_id: z.string().optional(),
    account_id: z.string().nullish(),
  }),
);
export type AuthTokens = z.infer<typeof AuthTokens>;

/** `<home>/auth.json`. */
export const AuthFile = lazySchema(() =>
  z.object({
    auth_mode: z.string().optional(),
    OPENAI_API_KEY: z.string().nullish(),
    tokens: AuthTokens.nullish(),
    last_refresh: z.string().nullish(),
    agent_identity: z.unknown().optional(),
  }),
);
export type AuthFile = z.infer<typeof AuthFile>;

/** What the token endpoint answers a refresh (each token optional: only those given are replaced). */
export const RefreshAnswer = lazySchema(() =>
  z.looseObject({ id_token: z.string().optional(), access_token: z.string().optional(), refresh_token: z.string().optional() }),
);
export type RefreshAnswer = z.infer<typeof RefreshAnswer>;

/** The token endpoint's answer to an authorization-code exchange. */
export const CodeExchangeAnswer = lazySchema(() => z.looseObject({ id_token: z.string(), access_token: z.string(), refresh_token: z.string() }));
export type CodeExchangeAnswer = z.infer<typeof CodeExchangeAnswer>;

/** An error body of the token endpoint: `{"error": {"code": …}}` or `{"error": "…"}`. */
export const TokenErrorBody = lazySchema(() =>
  z.looseObject({ error: z.union([z.string(), z.looseObject({ code: z.string().optional(), message: z.string().optional() })]).optional() }),
);

/** `POST <issuer>/api/accounts/deviceauth/usercode`. */
export const DeviceUserCode = lazySchema(() =>
  z.looseObject({
    device_auth_id: z.string(),
    user_code: z.string().optional(),
    usercode: z.string().optional(),
    interval: z.union([z.string(), z.number()]).optional(),
  }),
);
export type DeviceUserCode = z.infer<typeof DeviceUserCode>;

/** `POST <issuer>/api/accounts/deviceauth/token` once the user approved. */
export const DeviceTokenAnswer = lazySchema(() => z.looseObject({ authorization_code: z.string(), code_challenge: z.string().optional(), code_verifier: z.string() }));
export type DeviceTokenAnswer = z.infer<typeof DeviceTokenAnswer>;

/** The ChatGPT backend's workspace routing lookup (`…/accounts/check`). */
export const AccountsCheck = lazySchema(() =>
  z.looseObject({
    accounts: z.array(
      z.looseObject({ id: z.string(), workspace_backend_origin: z.string().nullish(), account_routing_override: z.string().nullish() }),
    ),
  }),
);
export type AccountsCheck = z.infer<typeof AccountsCheck>;

/** A client's answer to the app-server's `account/chatgptAuthTokens/refresh` (Codex 0.169's ChatgptAuthTokensRefreshResponse). */
export const ExternalTokensAnswer = lazySchema(() =>
  z.looseObject({ accessToken: z.string(), chatgptAccountId: z.string(), chatgptPlanType: z.string().nullish() }),
);
export type ExternalTokensAnswer = z.infer<typeof ExternalTokensAnswer>;
