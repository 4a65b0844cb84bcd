// model/list and collaborationMode/list: the pack's model catalog and collaboration presets.
import type { ReasoningEffort } from '../../../protocol/app-server/common.js';
import type { Model } from '../../../protocol/app-server/models.js';
import { defaultModelSlug } from '../../config/resolve-settings.js';
import { rpcError } from '../rpc-errors.js';
import type { Handler } from './handler.js';

export const modelList: Handler<'model/list'> = (ctx, params) => {
  const rt = ctx.base.runtime;
  const current = rt.config.model ?? defaultModelSlug(rt.catalog);
  const models: Model[] = rt.catalog
    .filter((m) => m.visibility === undefined || m.visibility === 'list')
    .map((m) => ({
      id: m.slug,
      model: m.slug,
      upgrade: typeof m.upgrade === 'string' ? m.upgrade : null,
      displayName: m.display_name ?? m.slug,
      description: m.description ?? '',
      supportedReasoningEfforts: (m.supported_reasoning_levels ?? []).map((l) => ({ reasoningEffort: l.effort as ReasoningEffort, description: l.description ?? '' })),
      defaultReasoningEffort: (m.default_reasoning_level ?? 'medium') as ReasoningEffort,
      inputModalities: ['text', 'image'],
      supportsPersonality: Boolean(m.model_messages?.instructions_variables),
      isDefault: m.slug === current,
    }));
  const start = params.cursor ? Number(params.cursor) : 0;
  if (!Number.isInteger(start) || start < 0) throw rpcError.invalidField('cursor', 'not a cursor this server returned');
  const limit = params.limit ?? models.length;
  const data = models.slice(start, start + limit);
  return { result: { data: data.map((m) => ctx.generation.modelEntry(m)), nextCursor: start + limit < models.length ? String(start + limit) : null } };
};

export const collaborationModeList: Handler<'collaborationMode/list'> = (ctx) => {
  const pack = ctx.base.runtime.pack;
  const presets = pack.json<{ name: string; mode: string; model: string | null; reasoning_effort: string | null; developer_instructions_file?: string }[]>(
    'collaboration_mode/presets.json',
  );
  const data = presets.map((p) => ({
    name: p.name,
    mode: p.mode === 'plan' || p.mode === 'default' ? (p.mode as 'plan' | 'default') : null,
    model: p.model,
    reasoning_effort: (p.reasoning_effort ?? null) as ReasoningEffort | null,
    developer_instructions: p.developer_instructions_file ? pack.text(`collaboration_mode/${p.developer_instructions_file}`) : null,
  }));
  return { result: { data } };
};
