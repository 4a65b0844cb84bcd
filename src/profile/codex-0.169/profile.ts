// The codex-0.169 profile: Codex CLI 0.169.0, the structure of today's Codex (codex-0.171, the
// default, is a delta over it: deltas/codex-0.171.ts). Base instructions as the first developer
// message instead of an `instructions` field, the developer context bundled as parts of one message,
// AGENTS.md and a richer environment in one user message, ids and metadata on every item, turn
// metadata in the body, a paginated rollout format, and compaction instead of a model-switch message.
// Per-thread behaviour lives in thread-session.ts; this object also serves callers without a thread
// (`weft prompt`), with ids made up for the occasion.
import { createTimeNow } from './create-time.js';
import { weftPackFor } from '../../pack/default-pack-dir.js';
import { CODEX_0169_TOOL_OUTPUTS } from '../../tools/tool-output-style.js';
import { bubblewrapSandbox } from '../../tools/sandbox/bubblewrap-sandbox.js';
import { newThreadId } from '../../rollout/store/thread-id.js';
import type { CompatProfile } from '../profile.js';
import { PROFILE_FACTS } from '../profile-facts.js';
import { collaborationPreset0169 } from './collaboration-preset.js';
import { FALLBACK_MODEL_0169 } from './fallback-model-facts.js';
import { forkRollout0169 } from './fork-rollout.js';
import { windowContext } from './initial-context.js';
import { sessionInstructions0169, toolNames } from './model-instructions.js';
import { codex0169PackLayout, defaultPackTools, loadCodex0169Pack } from './pack.js';
import { bodyFor0169, sentPrompt0169 } from './render-body.js';
import { settingsUpdates0169 } from './settings-update.js';
import { Codex0169Thread } from './thread-session.js';
import { storedItem0169 } from './stored-items.js';
import { requestHeaders0169 } from './request-headers.js';
import { WEB_SEARCH_RULES_0_169 } from '../../config/web-search-mode.js';

export const codex0169Profile: CompatProfile = {
  name: 'codex-0.169',
  ...PROFILE_FACTS['codex-0.169'],
  protocolGeneration: '0.169',
  packLayout: codex0169PackLayout,
  toolOutputs: CODEX_0169_TOOL_OUTPUTS,
  commandSandbox: bubblewrapSandbox,
  weftPack: weftPackFor('codex-0.169'),
  loadPack: (dirs) => loadCodex0169Pack(dirs),
  packTools: defaultPackTools,
  fallbackModel: FALLBACK_MODEL_0169,
  modelInstructions: sessionInstructions0169,
  collaborationPreset: collaborationPreset0169,
  skillsInUserInstructions: false,
  skillScopeOrder: ['system', 'repo', 'user'],
  webSearchRules: WEB_SEARCH_RULES_0_169,
  contextOnReopen: false,
  // 0.169 asks for the catalog only when signed in with ChatGPT, which weft never is.
  refreshesModelCatalog: false,
  responsesWebSocket: true,
  requestHeaders(request, ctx) {
    return requestHeaders0169(request, ctx, this.cliVersion);
  },
  buildInitialContext: (pack, settings, _base, opts = {}) =>
    windowContext(pack, settings, {
      createTime: createTimeNow(),
      multiAgentVersion: settings.model.multi_agent_version ?? 'v1',
      toolNames: toolNames(defaultPackTools(pack)),
      includeDeveloperInstructions: opts.includeDeveloperInstructions,
    }),
  settingsUpdateItems: (pack, previous, next, _base, opts = {}) =>
    settingsUpdates0169(pack, previous, next, { afterFreshContext: opts.afterFreshContext ?? false, toolNames: toolNames(defaultPackTools(pack)), meta: {} }),
  sentPrompt: (prompt, settings, opts) => sentPrompt0169(prompt, settings, { threadId: opts.promptCacheKey, builtinProvider: false, wire: opts.wire }),
  bodyFor: (sent, settings, opts) =>
    // Without a thread (and its pack) the instructions go out as given; threads cut them per request.
    bodyFor0169(sent, settings, {
      threadId: opts.promptCacheKey,
      turnId: newThreadId(),
      installationId: newThreadId(),
      windowNumber: 0,
      contextWindowId: newThreadId(),
      historyInitialization: 'new',
      exec: false,
      builtinProvider: false,
      turnStartedAtMs: Date.now(),
      workspaces: {},
    }),
  openThread: (init) => Codex0169Thread.open(init),
  forkRollout: forkRollout0169,
  storedItem: storedItem0169,
  unsupported: {},
};
