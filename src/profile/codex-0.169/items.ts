// Items as codex-0.169 keeps them: every message it creates has an `id` (`msg_<uuid>`), tool outputs
// have `fco_<uuid>`, and each item carries `internal_chat_message_metadata_passthrough` (turn id,
// creation time, what each content part is). The rollout stores that metadata; the wire carries it
// only to the built-in `openai` provider, without the per-part provenance. Model output items are
// kept as streamed, ids and statuses included.
import { createHash } from 'node:crypto';
import { newThreadId } from '../../rollout/store/thread-id.js';
import {
  CustomToolCallItem,
  FunctionCallItem,
  MessageItem,
  ReasoningItem,
  type ItemPassthrough,
  type ResponseItem,
  type Role,
} from '../../../protocol/responses-items.js';
import type { WireOutputItem } from '../../../protocol/responses-events.js';

/** One content part of a context message, with what Codex records about it. */
export interface ContextPart {
  readonly text: string;
  /** `content_item_kinds` entry, e.g. `permissions.instructions`. */
  readonly kind: string;
  readonly provenance: Readonly<Record<string, unknown>>;
}

export const HARNESS = { type: 'harness', hook: false } as const;
/** What wrote a message between agents: the collaboration tools (Codex 0.169's provenance). */
const COLLABORATION = { type: 'tool', namespace: 'collaboration' } as const;
/** How the record of a user's shell command opens (Codex's tag). */
const USER_SHELL_TAG = '<user_shell_command>';
/** How a goal's continuation message opens (Codex's internal goal context). */
const GOAL_CONTEXT_TAG = '<codex_internal_context source="goal">';
/** How the marker of a stopped turn opens (Codex's tag). */
const TURN_ABORTED_TAG = '<turn_aborted>';
/** Context the multi-agent collaboration tools contribute. */
export const COLLABORATION_TOOLS = { type: 'tool', namespace: 'collaboration' } as const;

export const messageId = (): string => `msg_${newThreadId()}`;
export const toolOutputId = (): string => `fco_${newThreadId()}`;
/** A freeform (custom) tool's output: `ctco_<uuid>`. */
export const customToolOutputId = (): string => `ctco_${newThreadId()}`;
export const additionalToolsId = (): string => `at_${newThreadId()}`;
export const toolSearchOutputId = (): string => `tso_${newThreadId()}`;

/** RFC 4122 name-based UUID (version 5, SHA-1) of `name` within `namespace`. */
export function uuidV5(namespace: string, name: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const b = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  b[6] = 0x50 | ((b[6] ?? 0) & 0x0f);
  b[8] = 0x80 | ((b[8] ?? 0) & 0x3f);
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The RFC 4122 ISO OID namespace, which Codex roots its per-thread namespace in. */
const NAMESPACE_OID = '6ba7b812-9dad-11d1-80b4-00c04fd430c8';

/**
 * The base-instructions message's id. Codex keeps that message out of the rollout (the text is in
 * session_meta) and rebuilds it for every request, so the id must come out the same in any process:
 * a v5 UUID of the text as sent, in a namespace that is itself the v5 UUID of the thread id under
 * the OID namespace. An engine resuming the other's rollout therefore sends the same id.
 */
export function baseInstructionsId(threadId: string, text: string): string {
  return `msg_${uuidV5(uuidV5(NAMESPACE_OID, threadId), text)}`;
}

export interface ItemMeta {
  readonly turnId?: string | undefined;
  /** Unix seconds; Codex records it in the first context window only. */
  readonly createTime?: number | undefined;
}

function passthrough(meta: ItemMeta, parts?: readonly ContextPart[]): ItemPassthrough {
  return {
    ...(meta.turnId !== undefined ? { turn_id: meta.turnId } : {}),
    ...(meta.createTime !== undefined ? { create_time: meta.createTime } : {}),
    ...(parts
      ? { content_item_kinds: parts.map((p) => p.kind), content_item_metadata: parts.map((p) => ({ provenance: p.provenance })) }
      : {}),
  };
}

/** A message of several input_text parts, with a fresh id (or `id`) and its metadata. */
export function contextMessage(role: Exclude<Role, 'assistant'>, parts: readonly ContextPart[], meta: ItemMeta, id = messageId()): MessageItem {
  return {
    type: 'message',
    id,
    role,
    content: parts.map((p) => ({ type: 'input_text' as const, text: p.text })),
    internal_chat_message_metadata_passthrough: passthrough(meta, parts),
  };
}

/** The content kinds recorded for a message (empty when it has none). */
export function contentKinds(item: ResponseItem): string[] {
  if (item.type !== 'message') return [];
  const kinds = item.internal_chat_message_metadata_passthrough?.content_item_kinds;
  return Array.isArray(kinds) ? kinds.filter((k): k is string => typeof k === 'string') : [];
}

export const BASE_INSTRUCTIONS_KIND = 'model.base_instructions';

export function isBaseInstructionsMessage(item: ResponseItem): boolean {
  return item.type === 'message' && item.role === 'developer' && contentKinds(item)[0] === BASE_INSTRUCTIONS_KIND;
}

/**
 * Gives an item weft created (the user's prompt, a tool output, an interruption marker) its id and
 * metadata. Items that already have an id (context built by the profile, model output) are kept.
 */
export function decorateCreatedItem(item: ResponseItem, meta: ItemMeta): ResponseItem {
  switch (item.type) {
    case 'message':
      if (item.id !== undefined || item.role === 'assistant') return item;
      return contextMessage(
        item.role,
        item.content.map((p) => {
          const text = p.type === 'input_text' || p.type === 'output_text' ? p.text : '';
          // A user's shell command (thread/shellCommand), a goal's continuation message and a stopped
          // turn's marker (whichever role it has, interruption-marker.ts) are recorded by the harness,
          // each under its own kind.
          if (text.startsWith(USER_SHELL_TAG)) return { text, kind: 'shell.user_command', provenance: HARNESS };
          if (text.startsWith(TURN_ABORTED_TAG)) return { text, kind: 'generic.turn_aborted', provenance: HARNESS };
          if (text.startsWith(GOAL_CONTEXT_TAG)) return { text, kind: 'goal.internal_context', provenance: HARNESS };
          return { text, kind: 'user.text', provenance: { type: 'user' } };
        }),
        meta,
      );
    case 'tool_search_output':
      if (item.id !== undefined) return item;
      return { ...item, id: toolSearchOutputId(), internal_chat_message_metadata_passthrough: passthrough(meta) };
    case 'function_call_output':
      if (item.id !== undefined) return item;
      if (item.call_id === undefined) {
        // Context given as an output (the goal's objective): named, no call.
        return { type: item.type, id: toolOutputId(), name: item.name, namespace: item.namespace, output: item.output, internal_chat_message_metadata_passthrough: passthrough(meta) };
      }
      return { type: item.type, id: toolOutputId(), call_id: item.call_id, output: item.output, internal_chat_message_metadata_passthrough: passthrough(meta) };
    case 'custom_tool_call_output':
      if (item.id !== undefined) return item;
      return {
        type: item.type,
        id: item.type === 'custom_tool_call_output' ? customToolOutputId() : toolOutputId(),
        call_id: item.call_id,
        output: item.output,
        internal_chat_message_metadata_passthrough: passthrough(meta),
      };
    case 'agent_message':
      // A message between agents arrives with its id; it is recorded with the turn that received
      // it and, per part, that the collaboration tools wrote it.
      if (item.internal_chat_message_metadata_passthrough !== undefined) return item;
      return { ...item, internal_chat_message_metadata_passthrough: { ...passthrough(meta), content_item_metadata: item.content.map(() => ({ provenance: COLLABORATION })) } };
    default:
      return item;
  }
}

/**
 * A model output item as 0.169 keeps it: the streamed item re-read in Codex's field order (ids,
 * statuses and annotations kept; reasoning gets explicit nulls), plus the turn id. Items of other
 * types keep weft's canonical form.
 */
export function modelOutputItem(canonical: ResponseItem, raw: WireOutputItem, turnId: string | undefined): ResponseItem {
  const meta = turnId !== undefined ? { turn_id: turnId } : {};
  switch (canonical.type) {
    case 'message': {
      const parsed = MessageItem.safeParse(raw);
      if (!parsed.success) return canonical;
      return { ...parsed.data, internal_chat_message_metadata_passthrough: { ...meta, content_item_kinds: ['unknown'] } };
    }
    case 'reasoning': {
      const r = raw as Record<string, unknown>;
      const parsed = ReasoningItem.safeParse({ ...r, content: r.content ?? null, encrypted_content: r.encrypted_content ?? null });
      return parsed.success ? { ...parsed.data, internal_chat_message_metadata_passthrough: meta } : canonical;
    }
    case 'function_call': {
      const parsed = FunctionCallItem.safeParse(raw);
      return parsed.success ? { ...parsed.data, internal_chat_message_metadata_passthrough: meta } : canonical;
    }
    case 'tool_search_call':
      return { ...canonical, internal_chat_message_metadata_passthrough: meta };
    case 'custom_tool_call': {
      const parsed = CustomToolCallItem.safeParse(raw);
      return parsed.success ? { ...parsed.data, internal_chat_message_metadata_passthrough: meta } : canonical;
    }
    default:
      return canonical;
  }
}

/** The item as sent: metadata only to the built-in provider, and without per-part provenance. */
export function wireItem(item: ResponseItem, builtinProvider: boolean): ResponseItem {
  if (!('internal_chat_message_metadata_passthrough' in item) || item.internal_chat_message_metadata_passthrough === undefined) return item;
  const { internal_chat_message_metadata_passthrough: meta, ...rest } = item;
  if (!builtinProvider) return rest as ResponseItem;
  const { content_item_metadata: _provenance, ...sent } = meta;
  return { ...rest, internal_chat_message_metadata_passthrough: sent } as ResponseItem;
}
