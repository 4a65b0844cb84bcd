// The Chat Completions renderer: a prompt → the POST /chat/completions body of an OpenAI-compatible
// server. One system message opens the conversation: the instructions and the context messages
// that open it (many chat templates of local servers refuse a second one, or one later); a context
// message after the model has spoken goes as a user message in weft's framing. The calls of one
// assistant turn become one assistant message with `tool_calls` (merged with the text just before
// them), each followed by its `role: "tool"` result. What the wire cannot carry is dropped
// (wire-conversation.ts).
import type {
  ChatAssistantMessage,
  ChatFunctionTool,
  ChatMessage,
  ChatRequestBody,
  ChatUserPart,
} from '../../protocol/chat-completions.js';
import type { ContentPart, Role } from '../../protocol/responses-items.js';
import type { Prompt } from './prompt.js';
import {
  functionToolsOf,
  isOpeningContext,
  openingEnd,
  outputText,
  partsText,
  systemText,
  walkConversation,
  type ContextUpdateFraming,
  type WalkedCallGroup,
  type WalkedPiece,
  type WireSettings,
} from './wire-conversation.js';

export interface ChatRenderOptions {
  /** How a context message after the model has spoken is framed in its user message. */
  readonly contextUpdate?: ContextUpdateFraming;
}

export function renderChatBody(prompt: Prompt, settings: WireSettings, opts: ChatRenderOptions = {}): ChatRequestBody {
  const pieces = walkConversation(prompt.input);
  const end = openingEnd(prompt.input);
  const system = systemText(prompt.instructions, pieces, end);
  const messages: ChatMessage[] = system === '' ? [] : [{ role: 'system', content: system }];
  messages.push(...chatMessages(pieces.filter((p) => !isOpeningContext(p, end)), opts));
  const tools: ChatFunctionTool[] = functionToolsOf(prompt.tools).map((def) => ({ type: 'function', function: { ...def } }));
  return {
    model: settings.model.slug,
    messages,
    // Servers refuse tool_choice and parallel_tool_calls without tools.
    ...(tools.length > 0 ? { tools, tool_choice: 'auto' as const, parallel_tool_calls: prompt.parallelToolCalls } : {}),
    ...(prompt.outputSchema !== undefined
      ? { response_format: { type: 'json_schema' as const, json_schema: { name: 'codex_output_schema', strict: true, schema: prompt.outputSchema } } }
      : {}),
    stream: true,
    stream_options: { include_usage: true },
  };
}

function chatMessages(pieces: readonly WalkedPiece[], opts: ChatRenderOptions): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const piece of pieces) {
    if (piece.kind === 'calls') {
      const previous = out.at(-1);
      // The text the model wrote just before its calls belongs to the same assistant message.
      const merge = previous?.role === 'assistant' && previous.tool_calls === undefined ? previous : undefined;
      if (merge) out.pop();
      out.push(callMessage(piece, merge), ...toolMessages(piece));
      continue;
    }
    const message = roleMessage(piece.role, piece.parts, opts);
    if (message) out.push(message);
  }
  return out;
}

function callMessage(group: WalkedCallGroup, merge: ChatAssistantMessage | undefined): ChatAssistantMessage {
  return {
    role: 'assistant',
    content: merge?.content ?? null,
    tool_calls: group.calls.map((call) => ({
      id: call.callId,
      type: 'function' as const,
      function: { name: call.name, arguments: call.arguments },
    })),
  };
}

function toolMessages(group: WalkedCallGroup): ChatMessage[] {
  return group.calls.map((call) => ({ role: 'tool' as const, tool_call_id: call.callId, content: outputText(call.result.output) }));
}

function roleMessage(role: Role, parts: readonly ContentPart[], opts: ChatRenderOptions): ChatMessage | undefined {
  switch (role) {
    case 'assistant': {
      const text = partsText(parts);
      return text === '' ? undefined : { role: 'assistant', content: text };
    }
    case 'user':
      return userMessage(parts);
    case 'system':
    case 'developer': {
      // Only a later one reaches here: the opening's are in the system message.
      const text = partsText(parts);
      if (text === '') return undefined;
      return { role: 'user', content: opts.contextUpdate ? opts.contextUpdate(text) : text };
    }
  }
}

/** One text part goes as a string; several parts, or any image, as a parts array. */
function userMessage(parts: readonly ContentPart[]): ChatMessage | undefined {
  const converted: ChatUserPart[] = [];
  for (const part of parts) {
    if (part.type === 'input_image') {
      // Chat Completions knows no `original` detail (the full-resolution choice of newer Codex): left to the default.
      const detail = part.detail === 'original' ? undefined : part.detail;
      converted.push({ type: 'image_url', image_url: { url: part.image_url, ...(detail ? { detail } : {}) } });
    } else if (part.text !== '') {
      converted.push({ type: 'text', text: part.text });
    }
  }
  if (converted.length === 0) return undefined;
  const only = converted[0];
  if (converted.length === 1 && only?.type === 'text') return { role: 'user', content: only.text };
  return { role: 'user', content: converted };
}
