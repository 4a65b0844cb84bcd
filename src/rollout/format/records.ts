// The payloads of the rollout lines a thread writes, in Codex 0.98's shapes and key order.
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { SessionMeta, TurnContextPayload } from '../../../protocol/rollout.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import type { RolloutLineInput } from './writer.js';
import type { RolloutRecords } from './record-format.js';
import type { TokenInfo } from './token-info.js';

export interface SessionMetaInput {
  readonly id: string;
  readonly forkedFromId?: string | undefined;
  readonly timestamp: string;
  readonly cwd: string;
  readonly originator: string;
  readonly cliVersion: string;
  readonly source: string;
  readonly modelProvider: string;
  readonly baseInstructions: string;
  readonly git?: { commit_hash?: string; branch?: string; repository_url?: string } | undefined;
}

export function sessionMetaLine(m: SessionMetaInput): RolloutLineInput {
  const payload: SessionMeta = {
    id: m.id,
    ...(m.forkedFromId ? { forked_from_id: m.forkedFromId } : {}),
    timestamp: m.timestamp,
    cwd: m.cwd,
    originator: m.originator,
    cli_version: m.cliVersion,
    source: m.source,
    model_provider: m.modelProvider,
    base_instructions: { text: m.baseInstructions },
    ...(m.git ? { git: m.git } : {}),
  };
  return { timestamp: m.timestamp, type: 'session_meta', payload };
}

export function turnContextLine(s: TurnSettings): RolloutLineInput {
  const payload: TurnContextPayload = {
    cwd: s.cwd,
    approval_policy: s.approvalPolicy,
    sandbox_policy: s.sandbox,
    model: s.model.slug,
    // 0.98 records the pragmatic personality when none is configured.
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

export const responseItemLine = (item: ResponseItem): RolloutLineInput => ({ type: 'response_item', payload: item });

const event = (payload: Record<string, unknown>): RolloutLineInput => ({ type: 'event_msg', payload });

export const userMessageEvent = (message: string, images: readonly string[] = []): RolloutLineInput =>
  event({ type: 'user_message', message, images: [...images], local_images: [], text_elements: [] });
export const agentMessageEvent = (message: string): RolloutLineInput => event({ type: 'agent_message', message });
export const agentReasoningEvent = (text: string): RolloutLineInput => event({ type: 'agent_reasoning', text });
export const contextCompactedEvent = (): RolloutLineInput => event({ type: 'context_compacted' });
export const turnAbortedEvent = (reason: string): RolloutLineInput => event({ type: 'turn_aborted', reason });
export const tokenCountEvent = (info: TokenInfo | null): RolloutLineInput =>
  event({ type: 'token_count', info, rate_limits: { primary: null, secondary: null, credits: null, plan_type: null } });

export function compactedLine(message: string, replacementHistory?: readonly ResponseItem[]): RolloutLineInput {
  return { type: 'compacted', payload: { message, ...(replacementHistory ? { replacement_history: replacementHistory } : {}) } };
}

/** Codex 0.98's lines for what a thread records (record-format.ts). */
export const codex098Records: RolloutRecords = {
  turnContext: turnContextLine,
  userMessage: userMessageEvent,
  agentMessage: agentMessageEvent,
  agentReasoning: agentReasoningEvent,
  tokenCount: tokenCountEvent,
  contextCompacted: contextCompactedEvent,
  compacted: compactedLine,
};
