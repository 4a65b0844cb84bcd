// The render step: one prompt → the request for the provider's wire (`responses`, `chat` or
// `anthropic`), once per sample. A generation's rendering gives both its Responses body and the
// prompt that body carries (codex-0.169 moves the instructions into the input, for instance); the
// Chat and Anthropic renderers start from that sent prompt (asked for their wire: code mode is
// Responses-only, so there a code-mode model is offered its tools as functions), so every wire
// carries what the generation sends. The renderers themselves are one file per wire (responses.ts, chat.ts,
// anthropic.ts); the client only sends the request it is handed.
import type { WireApi } from '../../protocol/config.js';
import type { ResponsesRequestBody } from '../../protocol/responses-request.js';
import type { WireBody, WireRequest } from '../../protocol/wire-request.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { renderAnthropicBody, type AnthropicRenderOptions } from './anthropic.js';
import { renderChatBody, type ChatRenderOptions } from './chat.js';
import type { Prompt } from './prompt.js';
import type { PromptShaper } from './prompt-shaper.js';
import { renderResponsesBody, type RenderOptions } from './responses.js';

export type { WireBody, WireRequest };

/**
 * How a generation puts a prompt on the wire, in two steps so that a shaper can work between them:
 * the prompt as sent, then the Responses body around a sent prompt.
 */
export interface PromptRendering {
  /** The prompt as the generation sends it: what its Responses body carries, and what Chat and Anthropic render. */
  sentPrompt(prompt: Prompt, settings: TurnSettings, opts: RenderOptions): Prompt;
  /** The generation's Responses body around `sent` (a `sentPrompt` result, possibly shaped). */
  bodyFor(sent: Prompt, settings: TurnSettings, opts: RenderOptions): ResponsesRequestBody;
}

/** codex-0.98's rendering: the prompt goes out as it is. */
export const PLAIN_RENDERING: PromptRendering = {
  sentPrompt: (prompt) => prompt,
  bodyFor: renderResponsesBody,
};

export interface WireOptions {
  readonly chat?: ChatRenderOptions;
  readonly anthropic?: AnthropicRenderOptions;
}

export interface WireRenderOptions extends RenderOptions, WireOptions {
  /** The generation's rendering (default: codex-0.98's). */
  readonly rendering?: PromptRendering;
}

/** Pure: the request one prompt makes on `wire`. */
export function renderForWire(wire: WireApi, prompt: Prompt, settings: TurnSettings, opts: WireRenderOptions): WireRequest {
  const rendering = opts.rendering ?? PLAIN_RENDERING;
  switch (wire) {
    case 'responses':
      return { wire, body: rendering.bodyFor(rendering.sentPrompt(prompt, settings, { ...opts, wire }), settings, { promptCacheKey: opts.promptCacheKey }) };
    case 'chat':
      return { wire, body: renderChatBody(rendering.sentPrompt(prompt, settings, { ...opts, wire }), settings, opts.chat) };
    case 'anthropic':
      return { wire, body: renderAnthropicBody(rendering.sentPrompt(prompt, settings, { ...opts, wire }), settings, opts.anthropic) };
  }
}

/** One sample to render: the prompt, its settings, and the generation that renders it. */
export interface SampleRequest {
  readonly prompt: Prompt;
  readonly settings: TurnSettings;
  readonly rendering: PromptRendering;
  /** Thread id: a thread's requests share a prompt cache. */
  readonly promptCacheKey: string;
}

/** The render port: a sample → the request for `wire`. */
export type RenderFn = (wire: WireApi, sample: SampleRequest) => Promise<WireRequest>;

/**
 * The render port of a thread. Without a shaper it is `renderForWire`; with one, the sent prompt
 * is shaped first (panels and tiers laid into its input): on the Responses wire only its `input`
 * is replaced, every other field stays as the generation rendered it. The shaper keeps per-thread
 * state, so each thread gets its own.
 */
export function sampleRenderer(shaper: PromptShaper | undefined, opts: WireOptions = {}): RenderFn {
  return async (wire, { prompt, settings, rendering, promptCacheKey }) => {
    if (!shaper) return renderForWire(wire, prompt, settings, { ...opts, rendering, promptCacheKey });
    const sent = rendering.sentPrompt(prompt, settings, { promptCacheKey, wire });
    const shaped = await shaper.shape(sent, wire);
    switch (wire) {
      case 'responses':
        return { wire, body: rendering.bodyFor({ ...sent, input: shaped.prompt.input }, settings, { promptCacheKey }) };
      case 'chat':
        return { wire, body: renderChatBody(shaped.prompt, settings, opts.chat) };
      case 'anthropic':
        return { wire, body: renderAnthropicBody(shaped.prompt, settings, { ...opts.anthropic, cacheBreakpoints: shaped.breakpoints }) };
    }
  };
}

/** The names of the tools a request offers; undefined when it sends no tool list (code mode). */
export function offeredToolNames(request: WireRequest): ReadonlySet<string> | undefined {
  const tools = request.wire === 'chat' ? request.body.tools?.map((t) => t.function.name) : namesOf(request.body.tools);
  return tools === undefined ? undefined : new Set(tools);
}

function namesOf(tools: readonly { name?: unknown }[] | undefined): string[] | undefined {
  return tools?.flatMap((t) => (typeof t.name === 'string' ? [t.name] : []));
}
