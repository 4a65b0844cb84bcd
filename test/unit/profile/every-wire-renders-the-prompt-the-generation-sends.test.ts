// The render step starts every wire from the prompt as the generation sends it: the Chat and
// Anthropic bodies carry what the generation's Responses body carries (under codex-0.169 the
// instructions are the first developer message of the input, items lose what only the built-in
// provider gets, code-mode models offer no tools), never a second reading of that body.
import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { ResponsesRequestBody } from '../../../protocol/responses-request.js';
import { codex098Profile } from '../../../src/profile/codex-0.98/profile.js';
import { HARNESS, contextMessage } from '../../../src/profile/codex-0.169/items.js';
import { bodyFor0169, renderBody0169, sentPrompt0169 } from '../../../src/profile/codex-0.169/render-body.js';
import type { RequestContext } from '../../../src/profile/codex-0.169/turn-metadata.js';
import { renderChatBody } from '../../../src/prompt/chat.js';
import type { Prompt } from '../../../src/prompt/prompt.js';
import { offeredToolNames, renderForWire, type PromptRendering } from '../../../src/prompt/render-for-wire.js';
import { loadPack0169, model0169 } from '../../support/codex-0169.js';
import { syntheticModel, turnSettings } from '../../support/packs.js';

const TOOLS = [
  { type: 'function', name: 'exec_command', description: 'run', parameters: { type: 'object', properties: {} } },
  { type: 'custom', name: 'apply_patch', description: 'patch' },
  { type: 'web_search' },
];

const prompt: Prompt = {
  instructions: 'You are a careful engineer.',
  input: [
    contextMessage('developer', [{ text: '<permissions>x</permissions>', kind: 'permissions', provenance: HARNESS }], { turnId: 't1' }, 'm1'),
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hello' }] },
  ],
  tools: TOOLS,
  parallelToolCalls: true,
  outputSchema: { type: 'object' },
};

function context(builtinProvider: boolean): RequestContext {
  return {
    threadId: 'thread-1',
    turnId: 'turn-1',
    installationId: 'install',
    windowNumber: 0,
    contextWindowId: 'window',
    historyInitialization: 'new',
    exec: true,
    builtinProvider,
    turnStartedAtMs: 0,
    workspaces: {},
  };
}

/** What a Responses body carries, read back field by field (the test's own reading). */
function carried(body: ResponsesRequestBody, schema: unknown): Prompt {
  return { instructions: body.instructions ?? '', input: body.input, tools: body.tools ?? [], parallelToolCalls: body.parallel_tool_calls, outputSchema: schema };
}

describe('the prompt as a generation sends it', () => {
  it('codex-0.169: what the body carries, for plain and code-mode models, to the built-in provider or another', async () => {
    const pack = await loadPack0169();
    for (const model of [model0169(pack, 'gpt-5.5'), syntheticModel({ tool_mode: 'code_mode_only' })]) {
      for (const builtin of [true, false]) {
        const settings = turnSettings(model);
        const sent = sentPrompt0169(prompt, settings, context(builtin));
        expect(sent).toEqual(carried(renderBody0169(prompt, settings, context(builtin)), prompt.outputSchema));
        expect(sent.instructions).toBe('');
        const first = sent.input[0] as ResponseItem & { content?: { text: string }[] };
        expect(first.content?.[0]?.text).toBe(prompt.instructions);
      }
    }
  });

  it('codex-0.169 on Chat: the instructions go out where the generation puts them, once', async () => {
    const pack = await loadPack0169();
    const settings = turnSettings(model0169(pack, 'gpt-5.5'));
    const rendering: PromptRendering = {
      sentPrompt: (p, s) => sentPrompt0169(p, s, context(false)),
      bodyFor: (sent, s) => bodyFor0169(sent, s, context(false)),
    };
    const chat = renderForWire('chat', prompt, settings, { promptCacheKey: 'thread-1', rendering });
    expect(chat.body).toEqual(renderChatBody(sentPrompt0169(prompt, settings, context(false)), settings));
    const texts = chat.wire === 'chat' ? chat.body.messages.map((m) => (typeof m.content === 'string' ? m.content : '')) : [];
    expect(texts.filter((t) => t.includes(prompt.instructions))).toHaveLength(1);
  });

  it('codex-0.98 sends the prompt as it is', () => {
    const settings = turnSettings(syntheticModel());
    expect(codex098Profile.sentPrompt(prompt, settings, { promptCacheKey: 'k' })).toBe(prompt);
    expect(carried(codex098Profile.bodyFor(prompt, settings, { promptCacheKey: 'k' }), prompt.outputSchema)).toEqual(prompt);
  });
});

describe('the tools a request offers', () => {
  const settings = turnSettings(syntheticModel());
  it('are read from the request sent, on each wire', () => {
    const names = (wire: 'responses' | 'chat' | 'anthropic') => offeredToolNames(renderForWire(wire, prompt, settings, { promptCacheKey: 'k' }));
    expect(names('responses')).toEqual(new Set(['exec_command', 'apply_patch']));
    expect(names('chat')).toEqual(new Set(['exec_command', 'apply_patch']));
    expect(names('anthropic')).toEqual(new Set(['exec_command', 'apply_patch']));
  });

  it('are not known when the request sends no tool list', () => {
    const noTools = { ...prompt, tools: [] };
    expect(offeredToolNames(renderForWire('chat', noTools, settings, { promptCacheKey: 'k' }))).toBeUndefined();
    const body = renderForWire('responses', noTools, settings, { promptCacheKey: 'k' });
    const { tools: _tools, ...withoutTools } = body.body as ResponsesRequestBody;
    expect(offeredToolNames({ wire: 'responses', body: withoutTools })).toBeUndefined();
  });
});
