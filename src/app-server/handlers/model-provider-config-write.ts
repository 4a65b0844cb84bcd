// modelProvider/config/write (0.169): creates or edits a custom gateway in the user's config.toml
// (`[model_providers.ID]`: name, base_url, env_key, and wire_api "responses" for a new one) through
// the edit that keeps the file's comments, and answers with the provider as modelProvider/list shows
// it. Without a providerId a new id is made from the name (lowercase words joined by "-", numbered
// when taken). Omitted fields are kept; null clears base_url or env_key. weft has no Bedrock or
// Google Cloud providers, so patches of those are refused.
import type { z } from 'zod';
import type { ModelProviderConfigWriteParams0169 } from '../../../protocol/app-server/v0169/config-write-params.js';
import { readUserConfig } from '../../config/config-layers.js';
import type { TomlTable } from '../../config/config-overrides.js';
import { rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import { writeConfigEdits } from './config-methods.js';
import type { HandlerResult } from './handler.js';
import { providerSummary } from './model-provider-list.js';

type Patch = z.infer<typeof ModelProviderConfigWriteParams0169>['settings'];

function providersOf(table: TomlTable): TomlTable {
  const p = table.model_providers;
  return p !== null && typeof p === 'object' && !Array.isArray(p) ? (p as TomlTable) : {};
}

function newId(name: string, taken: TomlTable): string {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'provider';
  let id = base;
  for (let n = 2; Object.hasOwn(taken, id) || id === 'openai'; n++) id = `${base}-${n}`;
  return id;
}

export async function modelProviderConfigWrite(ctx: ServerContext, params: z.infer<typeof ModelProviderConfigWriteParams0169>): Promise<HandlerResult> {
  const patch: Patch = params.settings;
  if (patch.type !== 'customGateway') throw rpcError.invalidRequest(`weft has no ${patch.type === 'bedrock' ? 'Amazon Bedrock' : 'Google Cloud'} provider; configure a custom gateway instead`);
  const providers = providersOf((await readUserConfig(ctx.base.home)).table);
  const existing = patch.providerId ?? undefined;
  if (existing === 'openai') throw rpcError.invalidRequest('the built-in OpenAI provider cannot be edited');
  if (existing !== undefined && !Object.hasOwn(providers, existing)) throw rpcError.invalidRequest(`no provider \`${existing}\` in ${ctx.base.home}/config.toml: omit providerId to create one`);
  if (patch.name !== undefined && patch.name.trim() === '') throw rpcError.invalidField('settings.name', 'a provider needs a name');
  if (existing === undefined && patch.name === undefined) throw rpcError.invalidField('settings.name', 'a new provider needs a name');
  const id = existing ?? newId(patch.name as string, providers);
  const prefix = `model_providers.${id}`;
  const edits = [
    ...(patch.baseUrl !== undefined && (patch.baseUrl !== null || existing !== undefined) ? [{ keyPath: `${prefix}.base_url`, value: patch.baseUrl }] : []),
    ...(patch.envKey !== undefined && (patch.envKey !== null || existing !== undefined) ? [{ keyPath: `${prefix}.env_key`, value: patch.envKey }] : []),
    ...(patch.name !== undefined ? [{ keyPath: `${prefix}.name`, value: patch.name }] : []),
    ...(existing === undefined ? [{ keyPath: `${prefix}.wire_api`, value: 'responses' }] : []),
  ].filter((e) => e.value !== null || Object.hasOwn((providers[id] as TomlTable | undefined) ?? {}, e.keyPath.slice(prefix.length + 1)));
  if (edits.length > 0) await writeConfigEdits(ctx, edits.map((e) => ({ ...e, mergeStrategy: 'replace' as const })), { sections: [prefix] });
  const written = ctx.base.runtime.config.model_providers?.[id];
  if (!written) throw rpcError.invalidRequest(`provider \`${id}\` was not written to config.toml`);
  return { result: { provider: providerSummary(id, written) } };
}
