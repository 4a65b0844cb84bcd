// The render port over a canned Responses body: a generation that sends `body` as it is, so that the
// shaping tests can start from a body and see what each wire gets.
import type { WireApi } from '../../protocol/config.js';
import type { ResponsesRequestBody } from '../../protocol/responses-request.js';
import type { WireRequest } from '../../protocol/wire-request.js';
import type { Prompt } from '../../src/prompt/prompt.js';
import type { PromptShaper } from '../../src/prompt/prompt-shaper.js';
import { sampleRenderer, type PromptRendering } from '../../src/prompt/render-for-wire.js';
import { syntheticModel, turnSettings } from './packs.js';

export function renderCanned(body: ResponsesRequestBody, wire: WireApi, shaper?: PromptShaper): Promise<WireRequest> {
  const prompt: Prompt = {
    instructions: body.instructions ?? '',
    input: body.input,
    tools: body.tools ?? [],
    parallelToolCalls: body.parallel_tool_calls,
  };
  // The canned body itself while the input is the prompt's own; a shaped input replaces its input.
  const rendering: PromptRendering = { sentPrompt: () => prompt, bodyFor: (sent) => (sent.input === prompt.input ? body : { ...body, input: [...sent.input] }) };
  const settings = turnSettings(syntheticModel({ slug: body.model }));
  return sampleRenderer(shaper)(wire, { prompt, settings, rendering, promptCacheKey: body.prompt_cache_key ?? 'k' });
}
