// The files a `codex-0.169` pack holds (see the pack's MANIFEST.md), with each file's placeholders,
// and how such a pack is loaded: the static files first, then one `tools/<slug>.json` per model of
// its catalog that sends a `tools` field. Texts that no 0.169 recording shows (the aborted-call
// output, the interrupted-turn markers, the empty-summary fallback) may be absent from the pack: they
// then come from weft's own pack, whose texts are those of the previous generation.
import { z } from 'zod';
import { ModelInfo, withParallelToolCallsOf0169, type ModelCatalog } from '../../../protocol/model-catalog.js';
import { DeferredNamespaces, InstructionFilters } from '../../../protocol/pack-files.js';
import { ToolSpec } from '../../../protocol/responses-request.js';
import { WEFT_PACK_DIR } from '../../pack/default-pack-dir.js';
import { loadPack, type Pack, type PackDirs } from '../../pack/load-pack.js';
import { FALLBACK_BASE_INSTRUCTIONS_FILE } from '../../config/fallback-model.js';
import type { PackFileSpec, PackLayout } from '../../pack/pack-layout.js';
import { TOOL_OUTCOME_FILES } from '../../tools/tool-texts.js';
import {
  COLLABORATION_MODE_FILES,
  COMPACTION_FILES,
  EXEC_OUTPUT_FILES,
  optionalFile,
  PATCH_OUTPUT_FILES,
  PERMISSIONS_FILES,
  SKILL_LIST_FILES,
  USER_INSTRUCTIONS_FILES,
} from '../shared-pack-files.js';
import { lazySchema } from '../../../protocol/lazy-schema.js';
import { SUBAGENT_TEXT_FILE } from './subagent-text.js';
import { USER_SHELL_FILES } from '../../tools/user-shell/user-shell-record.js';
import { GUARDIAN_APPROVAL_FILE } from '../../tools/guardian-approval.js';

/** Texts weft takes from its own pack when a 0.169 pack has none. */
export const FALLBACK_FILES = ['tool_output/aborted.txt', 'tool_output/dynamic_tool_failed.txt', 'turn_aborted.md', 'turn_aborted_developer.md', 'compact/no_summary.txt'];

/** 0.169's catalog: each entry completed as Codex 0.169 reads it (`withParallelToolCallsOf0169`). */
const Catalog0169 = lazySchema(() => z.object({ models: z.array(z.preprocess(withParallelToolCallsOf0169, ModelInfo)) }));

const files: PackFileSpec[] = [
  { path: 'models.json', json: Catalog0169 },
  { path: 'filters.json', json: InstructionFilters },
  { path: 'tools/code_mode/functions.json', json: ToolSpec, optional: true },
  { path: 'tools/code_mode/collaboration.json', json: ToolSpec, optional: true },
  { path: 'skills/wrapper.md', placeholders: ['section'] },
  { path: 'skills/section.md', placeholders: ['roots', 'skills'] },
  { path: 'skills/root_item.md', placeholders: ['alias', 'path'] },
  { path: 'skills/root_alias.md', placeholders: ['index'] },
  { path: 'skills/root_separator.txt' },
  ...SKILL_LIST_FILES,
  { path: 'skills/usage.md' },
  { path: 'skills/usage_separator.txt' },
  ...PERMISSIONS_FILES,
  { path: 'permissions/approval_policy/on_request.md' },
  { path: 'permissions/approval_policy/on_failure.md', optional: true },
  { path: 'tools_message/wrapper.md', placeholders: ['namespaces'] },
  { path: 'tools_message/namespace_item.md', placeholders: ['name', 'description'] },
  { path: 'tools_message/deferred_namespaces.json', json: DeferredNamespaces },
  // MCP servers' tools: deferred behind tool_search, the resource tools added when a server is configured.
  { path: 'tools_message/namespace_item_bare.md', placeholders: ['name'], optional: true },
  { path: 'tools/mcp_resources.json', json: z.array(ToolSpec), optional: true },
  { path: 'tool_search/namespace_description.md', placeholders: ['namespace'], optional: true },
  { path: 'tool_output/mcp_result_header.md', placeholders: ['wall_time_seconds'], optional: true },
  { path: 'tool_output/unsupported_call.md', placeholders: ['name'], optional: true },
  { path: 'multi_agent/v2_root.md' },
  // Codex keeps a spawned agent's text in its binary: its pack lacks it (subagent-text.ts).
  { path: SUBAGENT_TEXT_FILE, optional: true },
  { path: 'multi_agent/v2_mode_explicit_request_only.md' },
  // Codex keeps these in its binary too: a pack may hold them, else weft's own are used.
  ...USER_SHELL_FILES.map((f) => ({ path: f.path, placeholders: [...f.placeholders], optional: true })),
  { path: GUARDIAN_APPROVAL_FILE, placeholders: ['approved_action'], optional: true },
  ...USER_INSTRUCTIONS_FILES,
  ...COLLABORATION_MODE_FILES,
  ...COMPACTION_FILES,
  ...EXEC_OUTPUT_FILES,
  TOOL_OUTCOME_FILES.truncationWarning,
  TOOL_OUTCOME_FILES.unsupportedCall,
  // update_plan is not offered to this generation's models; view_image answers with the image itself.
  optionalFile(TOOL_OUTCOME_FILES.planUpdated),
  optionalFile(TOOL_OUTCOME_FILES.imageAttached),
  ...PATCH_OUTPUT_FILES,
  ...FALLBACK_FILES.map((path) => ({ path, optional: true })),
  // Codex keeps this text in its binary: a pack may lack it (config/fallback-model.ts).
  { path: FALLBACK_BASE_INSTRUCTIONS_FILE, optional: true },
];

export const codex0169PackLayout: PackLayout = { name: 'codex-0.169', files };

const fallbackLayout: PackLayout = { name: 'codex-0.169 fallbacks', files: FALLBACK_FILES.map((path) => ({ path })) };

/** True for a model whose tools travel in an `additional_tools` item (no `tools` field). */
export function isCodeMode(model: ModelInfo): boolean {
  return model.tool_mode === 'code_mode_only';
}

export function toolsFile(slug: string): string {
  return `tools/${slug}.json`;
}

/** Loads a 0.169 pack: its static files, its per-model tool files, and the fallback texts it lacks. */
export async function loadCodex0169Pack(dirs: PackDirs, fallbackDir: string = WEFT_PACK_DIR): Promise<Pack> {
  const main = await loadPack(dirs, codex0169PackLayout);
  const slugs = main.json<ModelCatalog>('models.json').models.filter((m) => !isCodeMode(m)).map((m) => m.slug);
  const tools = await loadPack(dirs, {
    name: 'codex-0.169 tools',
    files: slugs.map((slug) => ({ path: toolsFile(slug), json: z.array(ToolSpec), optional: true })),
  });
  const missing = FALLBACK_FILES.filter((f) => !main.has(f));
  const fallback = missing.length > 0 ? await loadPack(fallbackDir, { ...fallbackLayout, files: missing.map((path) => ({ path })) }) : undefined;
  const layers = [main, tools, ...(fallback ? [fallback] : [])];
  const owner = (file: string): Pack => layers.find((p) => p.has(file)) ?? main;
  return {
    dir: main.dir,
    dirs: main.dirs,
    layout: main.layout,
    has: (file) => layers.some((p) => p.has(file)),
    text: (file) => owner(file).text(file),
    render: (file, vars) => owner(file).render(file, vars),
    json: <T>(file: string): T => owner(file).json<T>(file),
  };
}

/** The tools of a normal request: the file of the catalog's default model, else the first one found. */
export function defaultPackTools(pack: Pack): ToolSpec[] {
  const models = pack.json<ModelCatalog>('models.json').models;
  const sorted = [...models].sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0));
  for (const model of [...sorted, ...models]) {
    if (pack.has(toolsFile(model.slug))) return pack.json<ToolSpec[]>(toolsFile(model.slug));
  }
  return [];
}
