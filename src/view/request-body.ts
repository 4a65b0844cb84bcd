// The body of one replayed request, rendered the way the turn loop rendered it: the history as it
// stood, paired calls, the pack's tools for the recorded sandbox, the settings of the recorded
// turn_context, through the profile's own renderer. Compaction requests carry the pack's compaction
// prompt and no tools, as src/compaction does.
import type { ModelInfo } from '../../protocol/model-catalog.js';
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { ResponsesRequestBody, ToolSpec } from '../../protocol/responses-request.js';
import type { ApprovalPolicy, Personality } from '../../protocol/config.js';
import type { CollaborationMode, SandboxPolicy } from '../../protocol/rollout.js';
import { findModel } from '../config/resolve-settings.js';
import { defaultCollaborationMode, type TurnSettings } from '../context/turn-settings.js';
import { textMessage } from '../history/message.js';
import { pairCallsWithOutputs } from '../history/pair-calls.js';
import { framedPatchOutputs } from '../profile/codex-0.98/recorded-patch-output.js';
import type { Pack } from '../pack/load-pack.js';
import { sentInstructions0169, toolNames } from '../profile/codex-0.169/model-instructions.js';
import { renderBody0169 } from '../profile/codex-0.169/render-body.js';
import type { CompactionInfo } from '../profile/codex-0.169/turn-metadata.js';
import { toolsForTurn } from '../prompt/tools-for-turn.js';
import { renderResponsesBody } from '../prompt/responses.js';
import type { ReasoningEffort, ReasoningSummary } from '../../protocol/responses-request.js';
import type { Replay, ReplayedRequest } from './rollout-replay.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** What rendering needs from the loaded profile, pack and config. */
export interface RenderKit {
  readonly pack: Pack;
  readonly catalog: readonly ModelInfo[];
  /** The generation's entry for a slug the catalog lacks. */
  readonly fallbackModel: ModelInfo;
  readonly packTools: readonly ToolSpec[];
  /** config `model_verbosity`, `model_context_window`: they change the model's facts. */
  readonly modelFacts: (model: ModelInfo) => ModelInfo;
  readonly compactPrompt: string | undefined;
  /** The home's installation id (0.169 metadata). */
  readonly installationId: string | undefined;
  readonly providerId: string;
  /** config `instructions` / `model_instructions_file`: sent uncut under 0.169. */
  readonly instructionsOverride: string | undefined;
}

/** Where a request's reasoning summary is recorded: its turn_context (0.98), or the thread settings in force (0.169). */
export type SummarySource = { readonly threadSettings: false } | { readonly threadSettings: true; readonly chosen: string | undefined };

/**
 * The settings a request was made with, from its turn_context line. Codex 0.169 keeps the reasoning
 * summary a thread asks for in its thread settings and writes `none` in turn_context whatever it
 * is; without one, the model's default applies.
 */
export function settingsOf(kit: RenderKit, tc: Obj | undefined, meta: Obj, summary: SummarySource = { threadSettings: false }): TurnSettings {
  const slug = str(tc?.model) ?? kit.catalog[0]?.slug ?? 'unknown';
  const model = kit.modelFacts(findModel(kit.catalog, slug, kit.fallbackModel).model);
  const sandbox = (isObj(tc?.sandbox_policy) ? tc.sandbox_policy : { type: 'read-only' }) as SandboxPolicy;
  return {
    cwd: str(tc?.cwd) ?? str(meta.cwd) ?? '/',
    model,
    approvalPolicy: (str(tc?.approval_policy) ?? 'never') as ApprovalPolicy,
    sandbox,
    personality: (str(tc?.personality) ?? undefined) as Personality | undefined,
    personalityEnabled: true,
    collaborationMode: (isObj(tc?.collaboration_mode) ? tc.collaboration_mode : defaultCollaborationMode(slug)) as CollaborationMode,
    developerInstructions: str(tc?.developer_instructions),
    userInstructions: str(tc?.user_instructions),
    shell: 'bash',
    tmpdir: undefined,
    reasoningEffort: (str(tc?.effort) ?? undefined) as ReasoningEffort | undefined,
    reasoningSummary: (summary.threadSettings ? (summary.chosen ?? model.default_reasoning_summary ?? 'auto') : (str(tc?.summary) ?? 'auto')) as ReasoningSummary,
  };
}

/** Where a replayed request's reasoning summary comes from. */
export function summarySource(replay: Pick<Replay, 'generation'>, request: ReplayedRequest): SummarySource {
  return replay.generation === 'codex-0.169' ? { threadSettings: true, chosen: request.reasoningSummary } : { threadSettings: false };
}

function baseInstructions(meta: Obj): string {
  return isObj(meta.base_instructions) ? (str(meta.base_instructions.text) ?? '') : '';
}

/** Instructions from config rather than the catalog: sent uncut (session_meta's provenance says which). */
export function isCustomInstructions(kit: RenderKit, meta: Obj, base: string): boolean {
  const provenance = isObj(meta.base_instructions) ? meta.base_instructions.provenance : undefined;
  return isObj(provenance) ? provenance.type === 'custom' : base === kit.instructionsOverride;
}

function compactionInfo(request: ReplayedRequest): CompactionInfo {
  const phase = request.phase ?? 'mid_turn';
  const manual = phase === 'standalone_turn';
  return { trigger: manual ? 'manual' : 'auto', reason: manual ? 'user_requested' : 'context_limit', implementation: 'responses', phase };
}

export function renderRequestBody(kit: RenderKit, replay: Replay, request: ReplayedRequest): ResponsesRequestBody {
  const meta = replay.meta;
  const threadId = str(meta.id) ?? '';
  const settings = settingsOf(kit, request.turnContext, meta, summarySource(replay, request));
  const compaction = request.kind === 'compaction';
  const history = framedPatchOutputs(pairCallsWithOutputs(request.history.slice(0, request.historyLength), kit.pack.text('tool_output/aborted.txt')), kit.pack);
  const input: ResponseItem[] = compaction ? [...history, textMessage('user', kit.compactPrompt ?? kit.pack.text('compact/prompt.md'))] : history;
  const tools = compaction ? [] : toolsForTurn(kit.packTools, settings);
  const parallelToolCalls = compaction ? false : settings.model.supports_parallel_tool_calls;
  const base = baseInstructions(meta);
  if (replay.generation === 'codex-0.98') {
    return renderResponsesBody({ instructions: base, input, tools, parallelToolCalls }, settings, { promptCacheKey: threadId });
  }
  const instructions = sentInstructions0169(kit.pack, base, toolNames(kit.packTools), isCustomInstructions(kit, meta, base));
  const w = request.window;
  const from = str(meta.forked_from_id);
  const until = typeof meta.forked_from_ordinal_exclusive === 'number' ? meta.forked_from_ordinal_exclusive : undefined;
  return renderBody0169({ instructions, input, tools, parallelToolCalls }, settings, {
    threadId,
    turnId: w.turnId ?? '',
    installationId: kit.installationId ?? '',
    windowNumber: w.windowNumber,
    contextWindowId: w.contextWindowId ?? '',
    historyInitialization: w.historyInitialization,
    forkedFrom: from !== undefined && until !== undefined ? { threadId: from, ordinalExclusive: until } : undefined,
    exec: str(meta.source) === 'exec',
    threadSource: str(meta.thread_source),
    builtinProvider: kit.providerId === 'openai',
    // Only whole seconds are recorded (task_started): the milliseconds are lost.
    turnStartedAtMs: (w.turnStartedAtS ?? 0) * 1000,
    // The git state of the workspace at request time is not recorded.
    workspaces: {},
    ...(compaction ? { compaction: compactionInfo(request) } : {}),
  });
}

/** Fields of a rebuilt 0.169 body that the rollout does not record, so they are estimates. */
export const ESTIMATED_FIELDS_0169 = ['client_metadata.x-codex-turn-metadata.turn_started_at_unix_ms', 'client_metadata.x-codex-turn-metadata.workspaces'];
