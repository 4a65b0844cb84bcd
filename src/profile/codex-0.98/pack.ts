// The files a `codex-0.98` pack holds (see the pack's MANIFEST.md), with each file's placeholders.
// weft's own pack in templates/ follows the same layout and adds the optional files of the other
// assembly designs (panels, extensions, budgeted assembly).
import { z } from 'zod';
import { ModelCatalog } from '../../../protocol/model-catalog.js';
import { ToolSpec } from '../../../protocol/responses-request.js';
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

const files: PackFileSpec[] = [
  { path: 'models.json', json: ModelCatalog, placeholders: ['personality'] },
  { path: 'tools.json', json: z.array(ToolSpec) },
  ...PERMISSIONS_FILES,
  { path: 'permissions/approval_policy/on_request.md', placeholders: ['approved_prefixes'] },
  { path: 'permissions/approval_policy/on_failure.md' },
  ...USER_INSTRUCTIONS_FILES,
  { path: 'user_instructions/section_separator.txt' },
  { path: 'skills/section.md', placeholders: ['skills'] },
  ...SKILL_LIST_FILES,
  { path: 'personality/spec_initial.md', placeholders: ['personality'] },
  { path: 'personality/spec_update.md', placeholders: ['personality'] },
  { path: 'model_switch.md', placeholders: ['instructions'] },
  ...COLLABORATION_MODE_FILES,
  ...COMPACTION_FILES,
  { path: 'compact/no_summary.txt' },
  ...EXEC_OUTPUT_FILES,
  TOOL_OUTCOME_FILES.planUpdated,
  TOOL_OUTCOME_FILES.imageAttached,
  // 0.98 records no answer to an unsupported call and truncates without a warning line.
  optionalFile(TOOL_OUTCOME_FILES.unsupportedCall),
  optionalFile(TOOL_OUTCOME_FILES.truncationWarning),
  ...PATCH_OUTPUT_FILES,
  { path: 'tool_output/aborted.txt' },
  { path: 'tool_output/dynamic_tool_failed.txt' },
  { path: 'turn_aborted.md' },
  // Codex keeps this text in its binary: a pack may lack it (config/fallback-model.ts).
  { path: FALLBACK_BASE_INSTRUCTIONS_FILE, optional: true },
];

export const codex098PackLayout: PackLayout = { name: 'codex-0.98', files };
