// What Codex 0.169 writes in a response item's `metadata` beside its place in the history: which
// messages it retains as the user's and the model's own words (`retained_source`), the counter it
// keeps over the user's input and the model's output (`user_input_order`: the user's messages, every
// message and function call the model sends, each message another agent sends, each accepted answer
// to a question), the token limit a tool output is cut to (`fallback_token_limit_override`), what MCP
// had to do with an item (`mcp_attribution`: none on the first item a session writes and on the
// user's messages; the server and tool on an MCP tool's output), and the marks of a compaction's output and of a
// call-less tool output given as context. Keys in Codex's order.
import type { TruncationPolicy } from '../../../protocol/model-catalog.js';
import { policyTokenBudget, scalePolicy } from '../../history/truncate-output.js';
import { newThreadId } from '../../rollout/store/thread-id.js';

type Payload = Record<string, unknown>;

const isPayload = (v: unknown): v is Payload => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An MCP tool an output came from, and the turn the thread first had its output in. */
export interface McpSource {
  readonly server_name: string;
  readonly tool_name: string;
  readonly first_turn_id: string | null;
}

/** What the writer knows of an item beyond the item itself. */
export interface ItemFacts {
  /** The first item this thread's session writes (Codex attributes it: no MCP source). */
  readonly first: boolean;
  /** Written while a compaction runs: the compaction's own output. */
  readonly compactionOutput: boolean;
  /** The running turn (an item without its own turn id is named after it). */
  readonly turnId: string | undefined;
  /** The token limit tool outputs are cut to in history (fallbackTokenLimit). */
  readonly toolOutputTokenLimit: number;
  /** The MCP tool an output came from. */
  readonly mcpSource?: McpSource | undefined;
  /** Takes the next value of the thread's input counter. */
  readonly takeOrder: () => number;
}

/**
 * The limit a tool output is recorded with: the turn's truncation policy with Codex's 20% allowance
 * for serialization, in tokens (a byte policy counts 4 bytes a token).
 */
export function fallbackTokenLimit(policy: TruncationPolicy): number {
  return policyTokenBudget(scalePolicy(policy, 1.2));
}

const TEXT_PARTS = new Set(['input_text', 'output_text']);

function passthroughOf(item: Payload): Payload {
  const p = item.internal_chat_message_metadata_passthrough;
  return isPayload(p) ? p : {};
}

function contentOf(item: Payload): Payload[] {
  return Array.isArray(item.content) ? item.content.filter(isPayload) : [];
}

/** Every part of the message is text. */
const allText = (item: Payload): boolean => contentOf(item).every((part) => typeof part.type === 'string' && TEXT_PARTS.has(part.type));

/** The kinds of a message's content parts, as its passthrough names them. */
function contentKinds(item: Payload): string[] {
  const kinds = passthroughOf(item).content_item_kinds;
  return Array.isArray(kinds) ? kinds.filter((k): k is string => typeof k === 'string') : [];
}

/** A message the user wrote (every part of it the user's), not context the harness adds in the user's role. */
export function isUserInput(item: Payload): boolean {
  if (item.type !== 'message' || item.role !== 'user') return false;
  const kinds = contentKinds(item);
  return kinds.length > 0 && kinds.every((k) => k.startsWith('user.'));
}

/** The model's output item or the message the thread counts as input. */
export function countsAsInput(item: Payload, compactionOutput: boolean): boolean {
  if (compactionOutput) return false;
  if (item.type === 'function_call' || item.type === 'agent_message') return true;
  return item.type === 'message' && (item.role === 'assistant' || isUserInput(item));
}

/** A message Codex retains as words of the user or of the model: every assistant message, the user's own. */
function retainedRole(item: Payload, compactionOutput: boolean): 'user' | 'assistant' | undefined {
  if (compactionOutput || item.type !== 'message') return undefined;
  if (item.role === 'assistant') return 'assistant';
  return isUserInput(item) ? 'user' : undefined;
}

function retainedSource(item: Payload, role: 'user' | 'assistant', turnId: string | undefined): Payload {
  const kinds = contentKinds(item);
  // A user message is complete when each part is text the user wrote; an assistant's when each part is text.
  const complete = role === 'user' ? kinds.length === contentOf(item).length && allText(item) : allText(item);
  const turn = passthroughOf(item).turn_id;
  return {
    id: { message_id: typeof item.id === 'string' ? item.id : null, turn_id: typeof turn === 'string' ? turn : (turnId ?? null), role },
    revision: `retained_${newThreadId()}`,
    complete,
  };
}

const TOOL_OUTPUTS = new Set(['function_call_output', 'custom_tool_call_output']);

/** A tool output no call asked for: context handed to the model as a tool's output (a goal's objective). */
const isContextOutput = (item: Payload): boolean => item.type === 'function_call_output' && typeof item.call_id !== 'string';

/** The fields after `history_sequence` and `sampled_through_sequence`, in Codex's order. */
export function itemMetadataFields(item: Payload, facts: ItemFacts): Payload {
  const out: Payload = {};
  const role = retainedRole(item, facts.compactionOutput);
  if (role !== undefined) out.retained_source = retainedSource(item, role, facts.turnId);
  if (isContextOutput(item)) out.additional_context_tool_output = true;
  out.client_authored = false;
  if (typeof item.type === 'string' && TOOL_OUTPUTS.has(item.type)) out.fallback_token_limit_override = facts.toolOutputTokenLimit;
  if (countsAsInput(item, facts.compactionOutput)) out.user_input_order = facts.takeOrder();
  if (facts.compactionOutput) out.compaction_output = true;
  if (facts.mcpSource !== undefined) out.mcp_attribution = { status: 'complete', sources: [facts.mcpSource] };
  else if (facts.first || role === 'user') out.mcp_attribution = { status: 'none' };
  return out;
}
