// What a codex-0.169 thread records (rollout/format/record-format.ts), as notes to its rollout format
// (rollout-format.ts), which writes the lines Codex 0.169 writes: a `turn_context` here only marks a
// sampling request (the turn's own turn_context comes from the thread's hooks) and carries what
// Codex's thread index takes from it; a user or agent message and a reasoning summary become
// `item_completed` events; a token count is rewritten with the thread's usage record and rate limits;
// `context_compacted` becomes the compaction's item; an agent's activity becomes a `SubAgentActivity` item; a message
// from another agent is preceded by `inter_agent_communication_metadata`. Each note carries only what the format and the
// thread index (state-db/thread-row.ts) read.
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import type { RolloutRecords, SubAgentActivityRecord } from '../../rollout/format/record-format.js';
import type { RolloutLineInput } from '../../rollout/format/writer.js';
import type { TokenInfo } from '../../rollout/format/token-info.js';

const event = (payload: Record<string, unknown>): RolloutLineInput => ({ type: 'event_msg', payload });

function samplingMark(s: TurnSettings): RolloutLineInput {
  const payload = {
    cwd: s.cwd,
    approval_policy: s.approvalPolicy,
    sandbox_policy: s.sandbox,
    model: s.model.slug,
    ...(s.reasoningEffort ? { effort: s.reasoningEffort } : {}),
  };
  return { type: 'turn_context', payload };
}

export const codex0169Records: RolloutRecords = {
  turnContext: samplingMark,
  // The item shows the text only (images are items of the history, not of this event).
  userMessage: (message: string) => event({ type: 'user_message', message }),
  agentMessage: (message: string) => event({ type: 'agent_message', message }),
  // The format names the summary after the reasoning item the model sent (noteModelItem).
  agentReasoning: (text: string) => event({ type: 'agent_reasoning', text }),
  tokenCount: (info: TokenInfo | null) => event({ type: 'token_count', info }),
  contextCompacted: () => event({ type: 'context_compacted' }),
  compacted: (message: string, replacementHistory?: readonly ResponseItem[]) => ({
    type: 'compacted',
    payload: { message, ...(replacementHistory ? { replacement_history: replacementHistory } : {}) },
  }),
  // The format writes it as a `SubAgentActivity` item of the running turn.
  subAgentActivity: (a: SubAgentActivityRecord) =>
    event({ type: 'sub_agent_activity', kind: a.kind, id: a.id, agent_thread_id: a.agentThreadId, agent_path: a.agentPath, model: a.model, reasoning_effort: a.reasoningEffort }),
  interAgentCommunication: (triggerTurn: boolean) => ({ type: 'inter_agent_communication_metadata', payload: { trigger_turn: triggerTurn } }),
};
