// modelProvider/list and modelProvider/capabilities/read (0.169): the providers of the real
// configuration, as Codex lists them: each `[model_providers.ID]` of config.toml (a custom gateway,
// editable, its key read from the variable `env_key` names, its base URL shown), then OpenAI's
// built-in entry; the default is `model_provider` (OpenAI when unset). No key value is ever shown.
import type { ModelProviderToml } from '../../../protocol/config.js';
import { providerId } from '../../engine/provider-settings.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

const OPENAI = 'openai';

export function providerSummary(id: string, p: ModelProviderToml) {
  return {
    id,
    name: p.name ?? id,
    canEdit: true,
    baseUrl: p.base_url ?? null,
    settings: { type: 'customGateway', auth: p.env_key ? { mode: 'environmentVariable', envKey: p.env_key } : { mode: 'none' } },
  };
}

export function modelProviderList(ctx: ServerContext): HandlerResult {
  const config = ctx.base.runtime.config;
  const own = Object.entries(config.model_providers ?? {})
    .filter(([id]) => id !== OPENAI)
    .map(([id, p]) => providerSummary(id, p));
  const data = [...own, { id: OPENAI, name: 'OpenAI', canEdit: false, baseUrl: null, settings: { type: 'openai' } }];
  return { result: { data, defaultProviderId: providerId(config), canChangeDefault: true } };
}

/** Both tools are hosted by the Responses API that every provider weft serves is spoken to through. */
export function modelProviderCapabilitiesRead(): HandlerResult {
  return { result: { imageGeneration: true, webSearch: true } };
}
