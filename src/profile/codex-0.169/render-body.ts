// The codex-0.169 request body (MANIFEST rules F, T, B, I): no `instructions` field (the base
// instructions are the first developer message, after an `additional_tools` item if any), no `tools`
// field for code-mode models, `text.verbosity`, reasoning without a summary when the model's default
// is none, and `client_metadata`. Item metadata goes on the wire only to the built-in provider.
import type { WireApi } from '../../../protocol/config.js';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { ReasoningParams, ResponsesRequestBody, TextParams } from '../../../protocol/responses-request.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import type { Prompt } from '../../prompt/prompt.js';
import { baseInstructionsId, BASE_INSTRUCTIONS_KIND, contextMessage, HARNESS, isBaseInstructionsMessage, wireItem, type ItemMeta } from './items.js';
import { isCodeMode } from './pack.js';
import { clientMetadata, sessionIdOf, type RequestContext } from './turn-metadata.js';

/**
 * The base-instructions message of a thread: one part, the metadata of the window that holds it, and
 * an id stable across the requests that add it as they are sent (a window that holds it gives it one
 * of its own).
 */
export function baseInstructionsMessage(threadId: string, text: string, meta: ItemMeta = {}, id = baseInstructionsId(threadId, text)): ResponseItem {
  return contextMessage('developer', [{ text, kind: BASE_INSTRUCTIONS_KIND, provenance: HARNESS }], meta, id);
}

/**
 * A window with `instructions` as its base-instructions message: behind a leading `additional_tools`
 * item, in place of one it already holds.
 */
export function windowWithInstructions(window: readonly ResponseItem[], instructions: ResponseItem): ResponseItem[] {
  const rest = window.filter((item) => !isBaseInstructionsMessage(item));
  const at = rest[0]?.type === 'additional_tools' ? 1 : 0;
  return [...rest.slice(0, at), instructions, ...rest.slice(at)];
}

/**
 * The input as sent: the base instructions put in front unless the history already holds them (a
 * code-mode model's window, or one after a compaction that changed them), behind a leading
 * `additional_tools` item.
 */
export function inputWithInstructions(input: readonly ResponseItem[], instructions: ResponseItem): ResponseItem[] {
  if (input.some(isBaseInstructionsMessage)) return [...input];
  const at = input[0]?.type === 'additional_tools' ? 1 : 0;
  return [...input.slice(0, at), instructions, ...input.slice(at)];
}

export function reasoningEffort(settings: TurnSettings): string | undefined {
  return settings.reasoningEffort ?? settings.model.default_reasoning_level ?? undefined;
}

function reasoningParams(settings: TurnSettings): ReasoningParams | undefined {
  const model = settings.model;
  if (model.supports_reasoning_summaries === false && model.default_reasoning_level === undefined) return undefined;
  const effort = reasoningEffort(settings) as ReasoningParams['effort'];
  const summary = settings.reasoningSummary === 'none' ? undefined : settings.reasoningSummary;
  return {
    ...(effort ? { effort } : {}),
    ...(summary ? { summary } : {}),
    ...(model.use_responses_lite ? { context: 'all_turns' } : {}),
  };
}

function textParams(prompt: Prompt, settings: TurnSettings): TextParams | undefined {
  const verbosity = settings.model.support_verbosity ? (settings.model.default_verbosity ?? undefined) : undefined;
  const format =
    prompt.outputSchema === undefined ? undefined : { type: 'json_schema', name: 'codex_output_schema', strict: true, schema: prompt.outputSchema };
  if (!verbosity && !format) return undefined;
  return { ...(verbosity ? { verbosity } : {}), ...(format ? { format } : {}) };
}

/**
 * The prompt as a codex-0.169 body carries it: no separate instructions (they are the first
 * developer message of the input), items as sent to this provider, and for code-mode models no
 * tools and no parallel calls. What the Chat and Anthropic wires render, with one difference: code
 * mode exists on the Responses wire only, so there a code-mode model keeps the tools a plain model
 * gets (its `additional_tools` item, which no other wire can carry, is left out by their renderers).
 */
export function sentPrompt0169(
  prompt: Prompt,
  settings: TurnSettings,
  ctx: Pick<RequestContext, 'threadId' | 'builtinProvider'> & { readonly wire?: WireApi | undefined },
): Prompt {
  const codeMode = isCodeMode(settings.model) && (ctx.wire ?? 'responses') === 'responses';
  const instructions = baseInstructionsMessage(ctx.threadId, prompt.instructions);
  return {
    instructions: '',
    input: inputWithInstructions(prompt.input, instructions).map((item) => wireItem(item, ctx.builtinProvider)),
    tools: codeMode ? [] : [...prompt.tools],
    parallelToolCalls: codeMode ? false : prompt.parallelToolCalls,
    ...(prompt.outputSchema !== undefined ? { outputSchema: prompt.outputSchema } : {}),
  };
}

export function renderBody0169(prompt: Prompt, settings: TurnSettings, ctx: RequestContext): ResponsesRequestBody {
  return bodyFor0169(sentPrompt0169(prompt, settings, ctx), settings, ctx);
}

/** The codex-0.169 body around a prompt already as sent (`sentPrompt0169`, possibly shaped since). */
export function bodyFor0169(sent: Prompt, settings: TurnSettings, ctx: RequestContext): ResponsesRequestBody {
  const codeMode = isCodeMode(settings.model);
  const reasoning = reasoningParams(settings);
  const text = textParams(sent, settings);
  return {
    model: settings.model.slug,
    stream: true,
    input: [...sent.input],
    ...(codeMode ? {} : { tools: [...sent.tools] }),
    tool_choice: 'auto',
    parallel_tool_calls: sent.parallelToolCalls,
    ...(reasoning ? { reasoning } : {}),
    store: false,
    include: reasoning ? ['reasoning.encrypted_content'] : [],
    prompt_cache_key: sessionIdOf(ctx),
    ...(text ? { text } : {}),
    client_metadata: clientMetadata(ctx, settings, reasoning?.effort),
  };
}
