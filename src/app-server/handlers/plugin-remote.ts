// What needs Codex's remote plugin catalog (the ChatGPT backend): plugin shares, remote plugins by
// id, their skills. Without a ChatGPT sign-in Codex 0.169 refuses each with an invalid-request error
// naming the step and the missing sign-in; weft answers the same way in its own words. Signed in with
// ChatGPT, weft still does not reach the remote catalog (its endpoints' answers are not known), and
// says so.
import { RpcErrorCode } from '../../../protocol/app-server/jsonrpc.js';
import { CodexCodedError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';

export function remoteCatalogError(ctx: ServerContext, step: string): CodexCodedError {
  const credentials = ctx.base.homeSignIn().credentials();
  const message =
    credentials?.kind === 'chatgpt'
      ? `${step}: weft does not reach the remote plugin catalog; use a local marketplace (marketplace/add)`
      : `${step}: the remote plugin catalog needs a ChatGPT sign-in`;
  return new CodexCodedError(message, RpcErrorCode.invalidRequest);
}

/** A remote plugin id as Codex accepts one: ASCII letters, digits, `_`, `-` and `~`. */
export function checkRemotePluginId(id: string): void {
  if (!/^[A-Za-z0-9_~-]+$/.test(id)) throw new CodexCodedError(`remote plugin id \`${id}\` may hold only ASCII letters, digits, \`_\`, \`-\` and \`~\``, RpcErrorCode.invalidRequest);
}
