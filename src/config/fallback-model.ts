// The model description a generation uses for a slug its catalog does not know (Codex's fallback
// model metadata: `model_info_from_slug`). Its facts are data per profile; its base instructions
// come from the pack's `fallback_model/base_instructions.md` slot, or weft's own text when the
// loaded pack has none (Codex ships that text inside its binary, never in a pack).
import type { ModelInfo } from '../../protocol/model-catalog.js';
import { ConfigError } from '../errors.js';
import { WEFT_PACK_DIR } from '../pack/default-pack-dir.js';
import { loadPack, type Pack } from '../pack/load-pack.js';

/** The pack file holding the fallback's base instructions. */
export const FALLBACK_BASE_INSTRUCTIONS_FILE = 'fallback_model/base_instructions.md';

/** A fallback entry without what only use gives it: the slug and the base instructions. */
export type FallbackModelFacts = Partial<ModelInfo> & Pick<ModelInfo, 'truncation_policy' | 'supports_parallel_tool_calls'>;

/** The fallback's base instructions: the pack's, else weft's own (`fromPack` says which). */
export async function fallbackBaseInstructions(pack: Pack): Promise<{ text: string; fromPack: boolean }> {
  if (pack.has(FALLBACK_BASE_INSTRUCTIONS_FILE)) return { text: pack.text(FALLBACK_BASE_INSTRUCTIONS_FILE), fromPack: true };
  const own = await loadPack(WEFT_PACK_DIR, { name: 'weft fallback model', files: [{ path: FALLBACK_BASE_INSTRUCTIONS_FILE }] });
  return { text: own.text(FALLBACK_BASE_INSTRUCTIONS_FILE), fromPack: false };
}

/** The fallback entry, complete but for its slug (set by `fallbackFor`). */
export function fallbackModel(facts: FallbackModelFacts, baseInstructions: string): ModelInfo {
  return { ...facts, slug: '', display_name: '', base_instructions: baseInstructions };
}

/** The fallback entry named after the slug that needed it. */
export function fallbackFor(fallback: ModelInfo, slug: string): ModelInfo {
  if (slug === '') throw new ConfigError('the model slug is empty: name a model (config `model` or --model)');
  return { ...fallback, slug, display_name: slug };
}
