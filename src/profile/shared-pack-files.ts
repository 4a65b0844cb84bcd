// Pack files both Codex generations have in the same form, with their placeholders. Each profile's
// layout spreads these groups and adds what only it has.
import { CollaborationModePresets, NetworkAccessTexts, WritableRootsTexts } from '../../protocol/pack-files.js';
import type { PackFileSpec } from '../pack/pack-layout.js';
import { TOOL_OUTCOME_FILES, TOOL_TEXT_FILES } from '../tools/tool-texts.js';
import { APPLY_PATCH_ERROR_FILES, APPLY_PATCH_FILES } from '../tools/apply-patch/patch-texts.js';

export const PERMISSIONS_FILES: readonly PackFileSpec[] = [
  { path: 'permissions/wrapper.md', placeholders: ['sections'] },
  { path: 'permissions/sandbox_mode/read_only.md', placeholders: ['network_access'] },
  { path: 'permissions/sandbox_mode/workspace_write.md', placeholders: ['network_access'] },
  { path: 'permissions/sandbox_mode/danger_full_access.md', placeholders: ['network_access'] },
  { path: 'permissions/network_access.json', json: NetworkAccessTexts },
  { path: 'permissions/approval_policy/never.md' },
  { path: 'permissions/approval_policy/unless_trusted.md' },
  { path: 'permissions/writable_roots.json', json: WritableRootsTexts, placeholders: ['roots', 'root'] },
];

export const USER_INSTRUCTIONS_FILES: readonly PackFileSpec[] = [
  { path: 'user_instructions/wrapper.md', placeholders: ['cwd', 'text'] },
  { path: 'user_instructions/doc_separator.txt' },
  { path: 'user_instructions/project_doc_separator.txt' },
];

export const SKILL_LIST_FILES: readonly PackFileSpec[] = [
  { path: 'skills/list_item.md', placeholders: ['name', 'description', 'path'] },
  { path: 'skills/list_separator.txt' },
];

export const COLLABORATION_MODE_FILES: readonly PackFileSpec[] = [
  { path: 'collaboration_mode/wrapper.md', placeholders: ['instructions'] },
  { path: 'collaboration_mode/presets.json', json: CollaborationModePresets },
  { path: 'collaboration_mode/plan.md' },
  { path: 'collaboration_mode/default.md' },
];

export const COMPACTION_FILES: readonly PackFileSpec[] = [
  { path: 'compact/prompt.md' },
  { path: 'compact/summary_prefix.md' },
  { path: 'compact/summary_separator.txt' },
];

export const EXEC_OUTPUT_FILES: readonly PackFileSpec[] = [
  {
    path: 'tool_output/exec_command.md',
    placeholders: ['chunk_id', 'wall_time_seconds', 'exit_code', 'original_token_count', 'output'],
  },
  // Optional: a generation that reports a sandbox refusal as an ordinary exec result (0.169) has none.
  {
    path: 'tool_output/sandbox_denied.md',
    placeholders: ['exit_code', 'stdout', 'stderr', 'aggregated_output', 'duration'],
    optional: true,
  },
  TOOL_OUTCOME_FILES.execRunning,
  TOOL_OUTCOME_FILES.truncatedOutput,
  // Optional: a pack without them borrows weft's own (see tool-texts.ts).
  ...TOOL_TEXT_FILES,
];

/** Tool outcomes only some generations show: required in the layouts that list them plainly. */
export const optionalFile = (spec: PackFileSpec): PackFileSpec => ({ ...spec, optional: true });

/** apply_patch outcomes: Codex's recorded texts, then weft's own refusals (optional, borrowed). */
export const PATCH_OUTPUT_FILES: readonly PackFileSpec[] = [...APPLY_PATCH_FILES, ...APPLY_PATCH_ERROR_FILES];
