// `modelProvider/default/set` (Codex 0.171): makes a configured provider the default of new threads
// and unscoped model lists by writing `model_provider` to the user's config.toml, through the same
// edit as `config/value/write` (comments kept, the file reloaded). A provider the configuration does
// not define is refused as Codex refuses it: a validation error of the config write, nothing written.
import type { z } from 'zod';
import { RpcErrorCode } from '../../../protocol/app-server/jsonrpc.js';
import type { ModelProviderDefaultSetParams0171 } from '../../../protocol/app-server/v0171/params.js';
import { providerConfigured } from '../../engine/provider-settings.js';
import { ProtocolError } from '../../errors.js';
import type { ServerContext } from '../server-context.js';
import { writeConfigEdits } from './config-methods.js';
import type { HandlerResult } from './handler.js';

export async function modelProviderDefaultSet(ctx: ServerContext, params: z.infer<typeof ModelProviderDefaultSetParams0171>): Promise<HandlerResult> {
  if (!providerConfigured(ctx.base.runtime.config, params.providerId)) {
    throw new ProtocolError(`Model provider \`${params.providerId}\` is not configured.`, RpcErrorCode.invalidRequest, undefined, { config_write_error_code: 'configValidationError' });
  }
  return writeConfigEdits(ctx, [{ keyPath: 'model_provider', value: params.providerId, mergeStrategy: 'replace' }], {});
}
