// `account/read` (0.169): which sign-in the model provider takes. weft has no sign-in of its own (it
// reads API keys from the environment its config names), so there is never an account to report,
// as Codex reports none without a stored login, an API key in the environment included. What a
// client learns is whether the provider wants OpenAI's credentials: Codex's TUI reads this first and
// stops when the method fails, so it must answer. `refreshToken` has nothing to refresh.
import { isDefaultOpenAiProvider } from '../../client/provider.js';
import { providerSettings } from '../../engine/provider-settings.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export interface AccountReadResult {
  readonly account: null;
  readonly userId: null;
  readonly requiresOpenaiAuth: boolean;
}

export function accountRead(ctx: ServerContext): HandlerResult<AccountReadResult> {
  const rt = ctx.base.runtime;
  const provider = providerSettings(rt.config, rt.configFile, rt.env);
  return { result: { account: null, userId: null, requiresOpenaiAuth: isDefaultOpenAiProvider(provider) || provider.requiresOpenAiAuth === true } };
}
