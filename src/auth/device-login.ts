// Signing in with a device code, as `codex login --device-auth` does (raw/23): ask the issuer for a
// user code (`POST <issuer>/api/accounts/deviceauth/usercode`, JSON `{client_id}`), show where to
// enter it (`<issuer>/codex/device`), poll `POST <issuer>/api/accounts/deviceauth/token` with
// `{device_auth_id, user_code}` every `interval` seconds (403 or 404: not yet) for up to fifteen
// minutes, then exchange the code it hands over (redirect `<issuer>/deviceauth/callback`) and write
// auth.json. The requests carry no originator or user agent.
import { setTimeout as sleep } from 'node:timers/promises';
import { DeviceTokenAnswer, DeviceUserCode } from '../../protocol/auth.js';
import { writeAuth, type AuthStoreMode } from './auth-store.js';
import type { MemoryAuthStore } from './memory-auth.js';
import type { CaTrust } from './ca-trust.js';
import { exchangeCode, LoginFailedError } from './code-exchange.js';
import { jsonOf, smallRequest, type SmallAnswer } from './https-request.js';
import { CODEX_CLIENT_ID } from './issuer.js';
import { signedInFile } from './signed-in-file.js';

export const DEVICE_CODE_LIFETIME_MS = 15 * 60_000;

export interface DeviceLoginOptions {
  readonly home: string;
  /** Where the sign-in is kept (`cli_auth_credentials_store`; auth.json when not given). */
  readonly store?: AuthStoreMode | undefined;
  /** An app-server's in-memory sign-in (the `ephemeral` store keeps the login there). */
  readonly memory?: MemoryAuthStore | undefined;
  readonly issuer: string;
  readonly trust: CaTrust | undefined;
  /** Told where to go and which code to enter, once. */
  readonly show: (verificationUrl: string, userCode: string) => void;
  readonly signal?: AbortSignal | undefined;
  readonly now?: () => Date;
}

async function postJson(url: string, body: unknown, trust: CaTrust | undefined, signal: AbortSignal | undefined): Promise<SmallAnswer> {
  try {
    return await smallRequest({
      method: 'POST',
      url,
      headers: [
        ['content-type', 'application/json'],
        ['accept', '*/*'],
      ],
      body: JSON.stringify(body),
      trust,
      timeoutMs: 30_000,
      signal,
    });
  } catch (err) {
    throw new LoginFailedError(`Signing in failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export async function deviceLogin(opts: DeviceLoginOptions): Promise<void> {
  const issuer = opts.issuer.replace(/\/+$/, '');
  const started = await postJson(`${issuer}/api/accounts/deviceauth/usercode`, { client_id: CODEX_CLIENT_ID }, opts.trust, opts.signal);
  if (started.status === 404) throw new LoginFailedError(`Signing in with a device code is not available at ${issuer}; use \`weft login\` (the browser flow) instead.`);
  if (started.status < 200 || started.status > 299) throw new LoginFailedError(`Signing in failed: the sign-in service answered HTTP ${started.status} when asked for a device code.`);
  const code = DeviceUserCode.safeParse(jsonOf(started));
  if (!code.success) throw new LoginFailedError('Signing in failed: the sign-in service did not answer with a device code.');
  const userCode = code.data.user_code ?? code.data.usercode ?? '';
  const intervalSeconds = Math.max(0, Number(code.data.interval ?? 5) || 0);
  opts.show(`${issuer}/codex/device`, userCode);
  const deadline = Date.now() + DEVICE_CODE_LIFETIME_MS;
  for (;;) {
    const polled = await postJson(`${issuer}/api/accounts/deviceauth/token`, { device_auth_id: code.data.device_auth_id, user_code: userCode }, opts.trust, opts.signal);
    if (polled.status >= 200 && polled.status < 300) {
      const granted = DeviceTokenAnswer.safeParse(jsonOf(polled));
      if (!granted.success) throw new LoginFailedError('Signing in failed: the sign-in service did not hand over an authorization code.');
      const tokens = await exchangeCode({ issuer, code: granted.data.authorization_code, redirectUri: `${issuer}/deviceauth/callback`, codeVerifier: granted.data.code_verifier, trust: opts.trust });
      await writeAuth({ home: opts.home, store: opts.store ?? 'file', memory: opts.memory }, signedInFile(tokens, issuer, opts.now?.() ?? new Date()));
      return;
    }
    if (polled.status !== 403 && polled.status !== 404) throw new LoginFailedError(`Signing in failed: the sign-in service answered HTTP ${polled.status} while waiting for the code to be entered.`);
    if (Date.now() >= deadline) throw new LoginFailedError('Signing in timed out: the code was not entered within fifteen minutes. Run `weft login --device-auth` again.');
    if (intervalSeconds > 0) await sleep(intervalSeconds * 1000, undefined, opts.signal ? { signal: opts.signal } : {});
  }
}
