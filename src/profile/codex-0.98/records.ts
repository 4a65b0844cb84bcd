// What a codex-0.98 thread records (rollout/format/record-format.ts), as Codex 0.98 writes it: the
// turn_context of each sampling request with its settings (the pragmatic personality when none is
// configured), the display events (`user_message` with its image lists, `agent_message`,
// `agent_reasoning`, `context_compacted`), token counts with 0.98's empty rate limits, and the
// `compacted` line. Its format writes them as they are ({timestamp,type,payload}, writer.ts).
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { TurnContextPayload } from '../../../protocol/rollout.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import type { RolloutRecords } from '../../rollout/format/record-format.js';
import type { RolloutLineInput } from '../../rollout/format/writer.js';
import type { TokenInfo } from '../../rollout/format/token-info.js';

function turnContext(s: TurnSettings): RolloutLineInput {
  const payload: TurnContextPayload = {
    cwd: s.cwd,
    approval_policy: s.approvalPolicy,
    sandbox_policy: s.sandbox,
    model: s.model.slug,
    personality: s.personality ?? 'pragmatic',
    collaboration_mode: s.collaborationMode,
    ...(s.reasoningEffort ? { effort: s.reasoningEffort } : {}),
    summary: s.reasoningSummary,
    user_instructions: s.userInstructions ?? null,
    ...(s.developerInstructions !== undefined ? { developer_instructions: s.developerInstructions } : {}),
    truncation_policy: s.model.truncation_policy,
  };
  return { type: 'turn_context', payload };
}

const event = (payload: Record<string, unknown>): RolloutLineInput => ({ type: 'event_msg', payload });

export const codex098Records: RolloutRecords = {
  turnContext,
  userMessage: (message: string, images: readonly string[] = []) =>
    event({ type: 'user_message', message, images: [...images], local_images: [], text_elements: [] }),
  agentMessage: (message: string) => event({ type: 'agent_message', message }),
  agentReasoning: (text: string) => event({ type: 'agent_reasoning', text }),
  tokenCount: (info: TokenInfo | null) =>
    event({ type: 'token_count', info, rate_limits: { primary: null, secondary: null, credits: null, plan_type: null } }),
  contextCompacted: () => event({ type: 'context_compacted' }),
  compacted: (message: string, replacementHistory?: readonly ResponseItem[]) => ({
    type: 'compacted',
    payload: { message, ...(replacementHistory ? { replacement_history: replacementHistory } : {}) },
  }),
};
