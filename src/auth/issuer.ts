// Where Codex 0.169 reaches its issuer, and the overrides it honours (each a fact of the recordings):
// - refresh: CODEX_REFRESH_TOKEN_URL_OVERRIDE as the whole URL; else `<oauth_provenance.issuer>/oauth/token`
//   when the file records who issued its tokens; else the default issuer's /oauth/token;
// - revoke: CODEX_REVOKE_TOKEN_URL_OVERRIDE; else the refresh override's origin with the path
//   `/oauth/revoke` (its query dropped); else the default issuer's (provenance is not used);
// - login (device code): `--experimental_issuer`, else the default issuer. The browser flow always
//   uses the default issuer.
import type { AuthTokens } from '../../protocol/auth.js';
import type { Env } from './ca-trust.js';

export const DEFAULT_ISSUER = 'https://auth.openai.com';
/** Codex's OAuth client id. */
export const CODEX_CLIENT_ID = 'app_EMoamEEZ73f0CkXaXp7hrann';

export const REFRESH_URL_OVERRIDE = 'CODEX_REFRESH_TOKEN_URL_OVERRIDE';
export const REVOKE_URL_OVERRIDE = 'CODEX_REVOKE_TOKEN_URL_OVERRIDE';

const nonEmpty = (value: string | undefined): string | undefined => (value !== undefined && value.trim() !== '' ? value : undefined);
const withoutSlash = (url: string): string => url.replace(/\/+$/, '');

export function refreshUrl(tokens: Pick<AuthTokens, 'oauth_provenance'>, env: Env): string {
  const override = nonEmpty(env[REFRESH_URL_OVERRIDE]);
  if (override !== undefined) return override;
  const issuer = tokens.oauth_provenance?.issuer;
  return `${withoutSlash(issuer ?? DEFAULT_ISSUER)}/oauth/token`;
}

export function revokeUrl(env: Env): string {
  const override = nonEmpty(env[REVOKE_URL_OVERRIDE]);
  if (override !== undefined) return override;
  const refresh = nonEmpty(env[REFRESH_URL_OVERRIDE]);
  if (refresh !== undefined) {
    try {
      return `${new URL(refresh).origin}/oauth/revoke`;
    } catch {
      // An override that is not a URL: Codex falls back to its default.
    }
  }
  return `${DEFAULT_ISSUER}/oauth/revoke`;
}
