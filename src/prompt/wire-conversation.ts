// What the Chat and Anthropic renderers share: a pass over the canonical (Responses) items that keeps
// what those wires can carry, in the shape they need, and the tool definitions both understand.
//
// - Reasoning, web search calls and compaction items are dropped: their content is opaque or
//   provider-bound, and a thread that switches provider must not fail on them.
// - Orphans never come out: a call whose result is missing (or comes before it), and a result whose
//   call was not emitted, are skipped.
// - Consecutive calls (only dropped items between them) form one group, and each call's result is
//   placed right after its group, wherever it stood: both wires require results to follow the
//   assistant turn that made the calls.
// - Context messages (developer and system roles) have no place of their own in the conversation of
//   either wire: those that open it, before the model has said anything, join the instructions in
//   the system prompt (`systemText`); a later one (a settings update, a resume) travels as a user
//   message in weft's own framing (`contextUpdate`), never as a system message mid-conversation.
import type { ContentPart, FunctionCallOutputPayload, ResponseItem, Role } from '../../protocol/responses-items.js';
import type { ToolSpec } from '../../protocol/responses-request.js';

export interface WalkedMessage {
  readonly kind: 'message';
  readonly role: Role;
  readonly parts: readonly ContentPart[];
  /** Index of the source item in the prompt's input. */
  readonly index: number;
}

export interface WalkedCall {
  readonly callId: string;
  readonly name: string;
  /** JSON text of the arguments. */
  readonly arguments: string;
  readonly index: number;
  readonly result: { readonly output: FunctionCallOutputPayload; readonly index: number };
}

export interface WalkedCallGroup {
  readonly kind: 'calls';
  readonly calls: readonly WalkedCall[];
}

export type WalkedPiece = WalkedMessage | WalkedCallGroup;

/** The settings a Chat or Anthropic body reads: TurnSettings fits, and so does a bare model slug. */
export interface WireSettings {
  readonly model: { readonly slug: string };
}

type CallShape = { callId: string; name: string; arguments: string };

function callOf(item: ResponseItem): CallShape | undefined {
  switch (item.type) {
    case 'function_call':
      return { callId: item.call_id, name: item.name, arguments: item.arguments };
    case 'custom_tool_call':
      // Freeform tools travel as functions with one string parameter (see functionToolsOf).
      return { callId: item.call_id, name: item.name, arguments: JSON.stringify({ input: item.input }) };
    case 'local_shell_call':
      return item.call_id ? { callId: item.call_id, name: 'local_shell', arguments: JSON.stringify(item.action) } : undefined;
    default:
      return undefined;
  }
}

function outputOf(item: ResponseItem): { callId: string; output: FunctionCallOutputPayload } | undefined {
  if ((item.type === 'function_call_output' || item.type === 'custom_tool_call_output') && item.call_id !== undefined) {
    return { callId: item.call_id, output: item.output };
  }
  return undefined;
}

/** How a wire frames a context message that comes after the model has spoken (default: the text as it is). */
export type ContextUpdateFraming = (text: string) => string;

/** Index of the first item the model produced (an answer or a call); the input's length when there is none. */
export function openingEnd(input: readonly ResponseItem[]): number {
  const at = input.findIndex((item) => (item.type === 'message' && item.role === 'assistant') || callOf(item) !== undefined);
  return at === -1 ? input.length : at;
}

/** A walked message that belongs in the system prompt: a context message of the opening. */
export function isOpeningContext(piece: WalkedPiece, end: number): piece is WalkedMessage {
  return piece.kind === 'message' && (piece.role === 'developer' || piece.role === 'system') && piece.index < end;
}

/** The system prompt of a Chat or Anthropic request: the instructions, then the opening's context messages, one text. */
export function systemText(instructions: string, pieces: readonly WalkedPiece[], end: number): string {
  const texts = [instructions, ...pieces.flatMap((p) => (isOpeningContext(p, end) ? [partsText(p.parts)] : []))];
  return texts.filter((t) => t !== '').join('\n\n');
}

export function walkConversation(input: readonly ResponseItem[]): WalkedPiece[] {
  const firstOutput = new Map<string, { output: FunctionCallOutputPayload; index: number }>();
  input.forEach((item, index) => {
    const out = outputOf(item);
    if (out && !firstOutput.has(out.callId)) firstOutput.set(out.callId, { output: out.output, index });
  });

  const pieces: WalkedPiece[] = [];
  const emitted = new Set<string>();
  let group: WalkedCall[] = [];
  const flush = (): void => {
    if (group.length > 0) pieces.push({ kind: 'calls', calls: group });
    group = [];
  };

  input.forEach((item, index) => {
    if (item.type === 'message') {
      flush();
      pieces.push({ kind: 'message', role: item.role, parts: item.content, index });
      return;
    }
    const call = callOf(item);
    if (call) {
      const result = firstOutput.get(call.callId);
      if (!result || result.index < index || emitted.has(call.callId)) return;
      emitted.add(call.callId);
      group.push({ ...call, index, result });
      return;
    }
    // A result ends the group of calls before it; its content already went out with its call.
    if (outputOf(item)) flush();
  });
  flush();
  return pieces;
}

/** Text of content parts (images left out), joined by a blank line. */
export function partsText(parts: readonly ContentPart[], separator = '\n\n'): string {
  return parts
    .flatMap((part) => (part.type === 'input_text' || part.type === 'output_text' ? [part.text] : []))
    .filter((text) => text !== '')
    .join(separator);
}

/** A tool result as plain text: the text parts of a parts payload, one per line. */
export function outputText(output: FunctionCallOutputPayload): string {
  if (typeof output === 'string') return output;
  return output.flatMap((part) => (part.type === 'input_text' ? [part.text] : [])).join('\n');
}

export interface FunctionToolDef {
  readonly name: string;
  readonly description?: string;
  readonly parameters: Record<string, unknown>;
  readonly strict?: boolean;
}

const FREEFORM_PARAMETERS = {
  type: 'object',
  properties: { input: { type: 'string' } },
  required: ['input'],
  additionalProperties: false,
};

/**
 * The tools both wires can offer: function tools as they are, freeform (`custom`) tools as functions
 * taking one string `input`. Hosted tools (web search…) exist only on the Responses API and are left out.
 */
export function functionToolsOf(tools: readonly ToolSpec[]): FunctionToolDef[] {
  const defs: FunctionToolDef[] = [];
  for (const tool of tools) {
    const name = tool.name;
    if (typeof name !== 'string') continue;
    const description = typeof tool.description === 'string' ? tool.description : undefined;
    if (tool.type === 'function') {
      const parameters = isRecord(tool.parameters) ? tool.parameters : { type: 'object', properties: {} };
      const strict = typeof tool.strict === 'boolean' ? tool.strict : undefined;
      defs.push({ name, ...(description ? { description } : {}), parameters, ...(strict !== undefined ? { strict } : {}) });
    } else if (tool.type === 'custom') {
      defs.push({ name, ...(description ? { description } : {}), parameters: FREEFORM_PARAMETERS });
    }
  }
  return defs;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
