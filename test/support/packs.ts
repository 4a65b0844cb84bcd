// Shared fixtures for the request-assembly unit tests: the two packs, a loaded Codex pack, catalog
// models, a pack with some files replaced (to tell apart files whose Codex texts are identical) and
// a TurnSettings builder with plain defaults.
import { fileURLToPath } from 'node:url';
import type { ModelCatalog, ModelInfo } from '../../protocol/model-catalog.js';
import type { TurnSettings } from '../../src/context/turn-settings.js';
import { defaultCollaborationMode } from '../../src/context/turn-settings.js';
import { loadPack, type Pack } from '../../src/pack/load-pack.js';
import { renderTemplate } from '../../src/pack/template.js';
import { codex098PackLayout } from '../../src/profile/codex-0.98/pack.js';

/** The recorded Codex 0.98 pack, next to the repo (never a hard-coded absolute path). */
export const CODEX_PACK_DIR = fileURLToPath(new URL('../../../shared/conformance/codex-0.98/pack/', import.meta.url));
/** weft's own pack. */
export const WEFT_PACK_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

let codexPack: Promise<Pack> | undefined;

export function loadCodexPack(): Promise<Pack> {
  codexPack ??= loadPack(CODEX_PACK_DIR, codex098PackLayout);
  return codexPack;
}

export function catalogModel(pack: Pack, slug: string): ModelInfo {
  const model = pack.json<ModelCatalog>('models.json').models.find((m) => m.slug === slug);
  if (!model) throw new Error(`test fixture: no model ${slug} in ${pack.dir}/models.json`);
  return model;
}

/** `pack` with the text of some files replaced (JSON files keep their parsed data). */
export function packWith(pack: Pack, texts: Readonly<Record<string, string>>): Pack {
  const text = (file: string): string => texts[file] ?? pack.text(file);
  return {
    dir: pack.dir,
    dirs: pack.dirs,
    layout: pack.layout,
    has: (file) => file in texts || pack.has(file),
    text,
    render: (file, vars) => renderTemplate(text(file), vars, file),
    json: <T>(file: string): T => pack.json<T>(file),
  };
}

/** Turn settings with plain defaults: read-only, on-request, no optional context. */
export function turnSettings(model: ModelInfo, over: Partial<TurnSettings> = {}): TurnSettings {
  return {
    cwd: '/repo',
    model,
    approvalPolicy: 'on-request',
    sandbox: { type: 'read-only' },
    personality: undefined,
    personalityEnabled: true,
    collaborationMode: defaultCollaborationMode(model.slug),
    developerInstructions: undefined,
    userInstructions: undefined,
    shell: 'zsh',
    tmpdir: undefined,
    reasoningEffort: undefined,
    reasoningSummary: 'auto',
    ...over,
  };
}

/** A minimal catalog entry; `over` adds what a test needs (a template, reasoning levels…). */
export function syntheticModel(over: Partial<ModelInfo> = {}): ModelInfo {
  return {
    slug: 'synthetic-model',
    base_instructions: 'BASE INSTRUCTIONS',
    truncation_policy: { mode: 'tokens', limit: 10_000 },
    supports_parallel_tool_calls: false,
    ...over,
  };
}
