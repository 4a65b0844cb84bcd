import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../../protocol/responses-request.js';
import type { Pack } from '../../../src/pack/load-pack.js';
import type { Prompt } from '../../../src/prompt/prompt.js';
import { renderResponsesBody } from '../../../src/prompt/responses.js';
import { toolsForTurn } from '../../../src/prompt/tools-for-turn.js';
import { textMessage } from '../../../src/history/message.js';
import { catalogModel, loadCodexPack, syntheticModel, turnSettings } from '../../support/packs.js';

let pack: Pack;
beforeAll(async () => {
  pack = await loadCodexPack();
});

function prompt(over: Partial<Prompt> = {}): Prompt {
  return {
    instructions: 'INSTRUCTIONS',
    input: [textMessage('user', 'hi')],
    tools: [{ type: 'function', name: 'exec_command' }],
    parallelToolCalls: true,
    ...over,
  };
}

describe('renderResponsesBody', () => {
  it('sends every Codex 0.98 field, in order, with fixed values', () => {
    const settings = turnSettings(catalogModel(pack, 'gpt-5.2-codex'));
    const body = renderResponsesBody(prompt(), settings, { promptCacheKey: 'thread-123' });
    expect(Object.keys(body)).toEqual([
      'model',
      'instructions',
      'input',
      'tools',
      'tool_choice',
      'parallel_tool_calls',
      'reasoning',
      'store',
      'stream',
      'include',
      'prompt_cache_key',
    ]);
    expect(body).toEqual({
      model: 'gpt-5.2-codex',
      instructions: 'INSTRUCTIONS',
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }],
      tools: [{ type: 'function', name: 'exec_command' }],
      tool_choice: 'auto',
      parallel_tool_calls: true,
      reasoning: { effort: 'medium', summary: 'auto' },
      store: false,
      stream: true,
      include: ['reasoning.encrypted_content'],
      prompt_cache_key: 'thread-123',
    });
  });

  it('takes parallel_tool_calls from the prompt (the model flag)', () => {
    const max = catalogModel(pack, 'gpt-5.1-codex-max');
    expect(max.supports_parallel_tool_calls).toBe(false);
    const body = renderResponsesBody(prompt({ parallelToolCalls: max.supports_parallel_tool_calls }), turnSettings(max), { promptCacheKey: 'k' });
    expect(body.parallel_tool_calls).toBe(false);
  });

  it('prefers the configured reasoning effort over the model default', () => {
    const settings = turnSettings(catalogModel(pack, 'gpt-5.2-codex'), { reasoningEffort: 'high', reasoningSummary: 'detailed' });
    expect(renderResponsesBody(prompt(), settings, { promptCacheKey: 'k' }).reasoning).toEqual({ effort: 'high', summary: 'detailed' });
  });

  it('omits the effort when the model has no default and none is configured', () => {
    const settings = turnSettings(catalogModel(pack, 'exp-codex-personality'));
    const body = renderResponsesBody(prompt(), settings, { promptCacheKey: 'k' });
    expect(body.reasoning).toEqual({ summary: 'auto' });
    expect(body.include).toEqual(['reasoning.encrypted_content']);
  });

  it('sends reasoning null and no include for a model without reasoning summaries (as 0.98 does for its fallback entry)', () => {
    const settings = turnSettings(syntheticModel({ supports_reasoning_summaries: false, default_reasoning_level: 'high' }));
    const body = renderResponsesBody(prompt(), settings, { promptCacheKey: 'k' });
    expect(body.reasoning).toBeNull();
    expect(body.include).toEqual([]);
  });

  it('adds text.format with the output schema', () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false };
    const settings = turnSettings(catalogModel(pack, 'gpt-5.2-codex'));
    const body = renderResponsesBody(prompt({ outputSchema: schema }), settings, { promptCacheKey: 'k' });
    expect(Object.keys(body).at(-1)).toBe('text');
    expect(body.text).toEqual({ format: { type: 'json_schema', name: 'codex_output_schema', strict: true, schema } });
  });

  it('has no text field without an output schema or verbosity', () => {
    const body = renderResponsesBody(prompt(), turnSettings(catalogModel(pack, 'gpt-5.2-codex')), { promptCacheKey: 'k' });
    expect('text' in body).toBe(false);
  });

  it('sends the default verbosity of a model that supports it', () => {
    const settings = turnSettings(syntheticModel({ support_verbosity: true, default_verbosity: 'low' }));
    expect(renderResponsesBody(prompt(), settings, { promptCacheKey: 'k' }).text).toEqual({ verbosity: 'low' });
  });

  it('copies input and tools rather than sharing the prompt arrays', () => {
    const p = prompt();
    const body = renderResponsesBody(p, turnSettings(catalogModel(pack, 'gpt-5.2-codex')), { promptCacheKey: 'k' });
    expect(body.input).not.toBe(p.input);
    expect(body.tools).not.toBe(p.tools);
  });
});

describe('toolsForTurn web_search access', () => {
  const model = syntheticModel({ apply_patch_tool_type: 'freeform' });
  const webSearch = (tools: ToolSpec[]) => tools.find((t) => t.type === 'web_search');

  it('turns external_web_access on only for danger-full-access', () => {
    const tools = pack.json<ToolSpec[]>('tools.json');
    expect(webSearch(tools)).toEqual({ type: 'web_search', external_web_access: false });
    expect(webSearch(toolsForTurn(tools, { sandbox: { type: 'danger-full-access' }, model }))).toEqual({ type: 'web_search', external_web_access: true });
    expect(webSearch(toolsForTurn(tools, { sandbox: { type: 'read-only' }, model }))).toEqual({ type: 'web_search', external_web_access: false });
    const ws = { type: 'workspace-write' as const, network_access: true, exclude_slash_tmp: false, exclude_tmpdir_env_var: false };
    expect(webSearch(toolsForTurn(tools, { sandbox: ws, model }))).toEqual({ type: 'web_search', external_web_access: false });
  });

  it('leaves the other tools and their order as they are, and the pack data unchanged', () => {
    const tools = pack.json<ToolSpec[]>('tools.json');
    const out = toolsForTurn(tools, { sandbox: { type: 'danger-full-access' }, model });
    expect(out.map((t) => t.name ?? t.type)).toEqual(tools.map((t) => t.name ?? t.type));
    expect(out.filter((t) => t.type !== 'web_search')).toEqual(tools.filter((t) => t.type !== 'web_search'));
    expect(webSearch(tools)?.external_web_access).toBe(false);
  });

  it('does not add external_web_access to a web_search tool without it', () => {
    expect(toolsForTurn([{ type: 'web_search' }], { sandbox: { type: 'danger-full-access' }, model })).toEqual([{ type: 'web_search' }]);
  });
});

describe('toolsForTurn and the patch tool', () => {
  it('leaves apply_patch out for a model without a patch tool (the fallback entry), and only then', () => {
    const tools = pack.json<ToolSpec[]>('tools.json');
    const names = (model: ReturnType<typeof syntheticModel>) => toolsForTurn(tools, { sandbox: { type: 'read-only' }, model }).map((t) => t.name ?? t.type);
    expect(names(syntheticModel({ apply_patch_tool_type: 'freeform' }))).toContain('apply_patch');
    expect(names(syntheticModel({}))).toContain('apply_patch');
    const without = names(syntheticModel({ apply_patch_tool_type: null }));
    expect(without).not.toContain('apply_patch');
    expect(without).toEqual(tools.map((t) => t.name ?? t.type).filter((n) => n !== 'apply_patch'));
  });
});
