// The Anthropic Messages renderer: a prompt → the POST /messages body. The instructions and the
// context messages that open the conversation go to the top-level `system`; a context message after
// the model has spoken becomes user text in weft's framing; calls become `tool_use` blocks and
// results `tool_result` blocks; consecutive same-role messages are merged so that user and
// assistant strictly alternate, starting with a user message. Reasoning and other items the wire
// cannot carry are dropped (wire-conversation.ts), so a thread can move here from another provider.
//
// Cache breakpoints: `cacheBreakpoints` lists input indices (the last item of each cached tier);
// the last block rendered from items up to that index gets `cache_control` (a breakpoint among the
// items of the system prompt marks it, sent then as one text block). At most four are set, the
// API's limit.
import type {
  AnthropicBlock,
  AnthropicImageBlock,
  AnthropicMessage,
  AnthropicRequestBody,
  AnthropicSystem,
  AnthropicTool,
  AnthropicToolChoice,
  AnthropicToolResultBlock,
} from '../../protocol/anthropic-messages.js';
import type { ContentPart, FunctionCallOutputPayload } from '../../protocol/responses-items.js';
import type { Prompt } from './prompt.js';
import {
  functionToolsOf,
  isOpeningContext,
  isRecord,
  openingEnd,
  systemText,
  walkConversation,
  type ContextUpdateFraming,
  type WalkedPiece,
  type WireSettings,
} from './wire-conversation.js';

export const ANTHROPIC_MAX_BREAKPOINTS = 4;
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 8192;

export interface AnthropicRenderOptions {
  /** `max_tokens`, which the API requires (default 8192, within every current model's limit). */
  readonly maxTokens?: number;
  /** Input indices after which a cache breakpoint goes (see the file comment). */
  readonly cacheBreakpoints?: readonly number[];
  /** How a context message after the model has spoken is framed in its user text. */
  readonly contextUpdate?: ContextUpdateFraming;
}

interface SourcedBlock {
  block: AnthropicBlock;
  /** Index of the input item the block comes from. */
  index: number;
}

interface Turn {
  role: 'user' | 'assistant';
  blocks: SourcedBlock[];
}

export function renderAnthropicBody(prompt: Prompt, settings: WireSettings, opts: AnthropicRenderOptions = {}): AnthropicRequestBody {
  const pieces = walkConversation(prompt.input);
  const end = openingEnd(prompt.input);
  const text = systemText(prompt.instructions, pieces, end);
  const turns = startWithUser(alternate(anthropicTurns(pieces.filter((p) => !isOpeningContext(p, end)), opts)));
  const breakpoints = opts.cacheBreakpoints ?? [];
  markBreakpoints(turns, breakpoints);
  const messages: AnthropicMessage[] = turns.map((t) => ({ role: t.role, content: t.blocks.map((b) => b.block) }));
  const tools = anthropicTools(prompt, messages);
  const system = systemField(text, pieces, end, breakpoints, turns);
  return {
    model: settings.model.slug,
    max_tokens: opts.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
    ...(system !== undefined ? { system } : {}),
    messages,
    ...(tools.length > 0 ? { tools, tool_choice: toolChoice(prompt) } : {}),
    stream: true,
  };
}

/**
 * The system prompt: plain text, or one text block marked for the cache when a breakpoint falls on
 * an item it holds (the last block rendered from items up to the breakpoint is then the system's).
 */
function systemField(text: string, pieces: readonly WalkedPiece[], end: number, breakpoints: readonly number[], turns: readonly Turn[]): AnthropicSystem | undefined {
  if (text === '') return undefined;
  const inSystem = pieces.flatMap((p) => (isOpeningContext(p, end) ? [p.index] : []));
  const firstInMessages = Math.min(...turns.flatMap((t) => t.blocks.map((b) => b.index)));
  const cached = breakpoints.some((at) => at < firstInMessages && inSystem.some((i) => i <= at));
  return cached ? [{ type: 'text', text, cache_control: { type: 'ephemeral' } }] : text;
}

function anthropicTurns(pieces: readonly WalkedPiece[], opts: AnthropicRenderOptions): Turn[] {
  const turns: Turn[] = [];
  for (const piece of pieces) {
    if (piece.kind === 'message') {
      const role = piece.role === 'assistant' ? 'assistant' : 'user';
      const context = piece.role === 'developer' || piece.role === 'system';
      const parts = context && opts.contextUpdate ? framed(piece.parts, opts.contextUpdate) : piece.parts;
      const blocks = contentBlocks(parts).map((block) => ({ block, index: piece.index }));
      if (blocks.length > 0) turns.push({ role, blocks });
      continue;
    }
    turns.push({
      role: 'assistant',
      blocks: piece.calls.map((call) => ({
        block: { type: 'tool_use', id: toolId(call.callId), name: call.name, input: toolInput(call.arguments) },
        index: call.index,
      })),
    });
    turns.push({
      role: 'user',
      blocks: piece.calls.map((call) => ({ block: toolResult(toolId(call.callId), call.result.output), index: call.result.index })),
    });
  }
  return turns;
}

/** Merges consecutive turns of one role; in a user turn, tool results come first, as the API wants. */
function alternate(turns: readonly Turn[]): Turn[] {
  const merged: Turn[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    if (last && last.role === turn.role) last.blocks.push(...turn.blocks);
    else merged.push({ role: turn.role, blocks: [...turn.blocks] });
  }
  for (const turn of merged) {
    if (turn.role !== 'user') continue;
    const results = turn.blocks.filter((b) => b.block.type === 'tool_result');
    if (results.length > 0) turn.blocks = [...results, ...turn.blocks.filter((b) => b.block.type !== 'tool_result')];
  }
  return merged;
}

/**
 * The API wants a user message first. Context panels open with an assistant turn: its first text
 * (the panel header) moves into a user turn of its own. With no such text, leading assistant turns
 * are left out.
 */
function startWithUser(turns: Turn[]): Turn[] {
  const first = turns[0];
  if (!first || first.role === 'user') return turns;
  const [lead, ...others] = first.blocks;
  if (lead?.block.type === 'text' && others.length > 0) {
    return [{ role: 'user', blocks: [lead] }, { role: 'assistant', blocks: others }, ...turns.slice(1)];
  }
  // Results of the calls left out go too.
  const rest = turns.slice(1);
  const next = rest[0];
  if (!next) return [];
  const kept = next.blocks.filter((b) => b.block.type !== 'tool_result');
  return kept.length > 0 ? [{ role: 'user', blocks: kept }, ...rest.slice(1)] : startWithUser(rest.slice(1));
}

/** A later context message's text parts as one part in weft's framing. */
function framed(parts: readonly ContentPart[], frame: ContextUpdateFraming): ContentPart[] {
  const text = parts.flatMap((p) => (p.type === 'input_text' || p.type === 'output_text' ? [p.text] : [])).filter((t) => t !== '').join('\n\n');
  return text === '' ? [] : [{ type: 'input_text', text: frame(text) }];
}

function markBreakpoints(turns: readonly Turn[], breakpoints: readonly number[]): void {
  const blocks = turns.flatMap((t) => t.blocks);
  const wanted = [...new Set(breakpoints)].sort((a, b) => a - b);
  const marked = new Set<SourcedBlock>();
  for (const at of wanted) {
    let target: SourcedBlock | undefined;
    for (const b of blocks) if (b.index <= at) target = b;
    if (target && !marked.has(target) && marked.size < ANTHROPIC_MAX_BREAKPOINTS) {
      marked.add(target);
      target.block = { ...target.block, cache_control: { type: 'ephemeral' } };
    }
  }
}

function contentBlocks(parts: readonly ContentPart[]): AnthropicBlock[] {
  const blocks: AnthropicBlock[] = [];
  for (const part of parts) {
    if (part.type === 'input_image') blocks.push(imageBlock(part.image_url));
    else if (part.text !== '') blocks.push({ type: 'text', text: part.text });
  }
  return blocks;
}

function imageBlock(url: string): AnthropicImageBlock {
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (data?.[1] && data[2] !== undefined) return { type: 'image', source: { type: 'base64', media_type: data[1], data: data[2] } };
  return { type: 'image', source: { type: 'url', url } };
}

function toolResult(id: string, output: FunctionCallOutputPayload): AnthropicToolResultBlock {
  if (typeof output === 'string') return output === '' ? { type: 'tool_result', tool_use_id: id } : { type: 'tool_result', tool_use_id: id, content: output };
  const content = output.flatMap((part): Array<{ type: 'text'; text: string } | AnthropicImageBlock> =>
    part.type === 'input_image' ? [imageBlock(part.image_url)] : part.text === '' ? [] : [{ type: 'text', text: part.text }],
  );
  return content.length === 0 ? { type: 'tool_result', tool_use_id: id } : { type: 'tool_result', tool_use_id: id, content };
}

/** Tool ids must match [a-zA-Z0-9_-]+ on this wire; other providers' ids may not. */
function toolId(callId: string): string {
  const id = callId.replace(/[^a-zA-Z0-9_-]/g, '_');
  return id === '' ? '_' : id;
}

/** `input` must be an object: arguments that are not a JSON object travel wrapped. */
function toolInput(args: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(args);
    if (isRecord(parsed)) return parsed;
  } catch {
    // Not JSON: wrapped below.
  }
  return { arguments: args };
}

function toolChoice(prompt: Prompt): AnthropicToolChoice {
  // Tools declared only because the conversation uses them are not on offer.
  if (functionToolsOf(prompt.tools).length === 0) return { type: 'none' };
  return prompt.parallelToolCalls ? { type: 'auto' } : { type: 'auto', disable_parallel_tool_use: true };
}

/**
 * The API refuses tool_use blocks in a request without tools (a compaction request has none): the
 * names used in the conversation are then declared with an open schema.
 */
function anthropicTools(prompt: Prompt, messages: readonly AnthropicMessage[]): AnthropicTool[] {
  const tools: AnthropicTool[] = functionToolsOf(prompt.tools).map((def) => ({
    name: def.name,
    ...(def.description ? { description: def.description } : {}),
    input_schema: def.parameters,
  }));
  if (tools.length > 0) return tools;
  const used = new Set<string>();
  for (const m of messages) for (const b of m.content) if (b.type === 'tool_use') used.add(b.name);
  return [...used].map((name) => ({ name, input_schema: { type: 'object' } }));
}
