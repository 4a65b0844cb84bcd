// The codex-0.98 profile: Codex CLI 0.98.0's request layout (top-level `instructions`, one message
// per context item, the collaboration mode as a per-turn item), its rollout records (records.ts) and
// its forks, a copy of the parent's lines (fork-rollout.ts).
import type { ToolSpec } from '../../../protocol/responses-request.js';
import { modelInstructions } from '../../context/base-instructions.js';
import { buildInitialContext } from './initial-context.js';
import { WEFT_PACK_DIR } from '../../pack/default-pack-dir.js';
import { loadPack } from '../../pack/load-pack.js';
import { forkRollout098 } from './fork-rollout.js';
import { settingsUpdateItems } from './settings-update.js';
import { renderResponsesBody } from '../../prompt/responses.js';
import { codex098PackLayout } from './pack.js';
import { FALLBACK_MODEL_098 } from './fallback-model-facts.js';
import { storedItem098 } from './stored-items.js';
import type { CompatProfile } from '../profile.js';
import { PROFILE_FACTS } from '../profile-facts.js';
import { codex098Thread } from './thread.js';
import { CODEX_098_TOOL_OUTPUTS } from '../../tools/tool-output-style.js';
import { landlockSandbox } from '../../tools/sandbox/landlock-sandbox.js';
import { requestHeaders098 } from './request-headers.js';
import { WEB_SEARCH_RULES_0_98 } from '../../config/web-search-mode.js';

export const codex098Profile: CompatProfile = {
  name: 'codex-0.98',
  ...PROFILE_FACTS['codex-0.98'],
  protocolGeneration: '0.98',
  packLayout: codex098PackLayout,
  buildInitialContext,
  settingsUpdateItems,
  // 0.98 sends the prompt as it is: top-level instructions, the input untouched.
  sentPrompt: (prompt) => prompt,
  bodyFor: renderResponsesBody,
  storedItem: storedItem098,
  toolOutputs: CODEX_098_TOOL_OUTPUTS,
  commandSandbox: landlockSandbox,
  weftPack: [WEFT_PACK_DIR],
  loadPack: (dirs) => loadPack(dirs, codex098PackLayout),
  packTools: (pack) => pack.json<ToolSpec[]>('tools.json'),
  fallbackModel: FALLBACK_MODEL_098,
  modelInstructions: (_pack, model, personality) => modelInstructions(model, personality),
  // 0.98 sends a collaboration mode as the client gave it.
  collaborationPreset: (_pack, mode) => mode,
  skillsInUserInstructions: true,
  skillScopeOrder: ['repo', 'user', 'system'],
  webSearchRules: WEB_SEARCH_RULES_0_98,
  contextOnReopen: true,
  refreshesModelCatalog: true,
  responsesWebSocket: false,
  requestHeaders(request, ctx) {
    return requestHeaders098(request, ctx, this.cliVersion);
  },
  forkRollout: forkRollout098,
  unsupported: {},
  openThread: async () => codex098Thread(codex098Profile),
};
