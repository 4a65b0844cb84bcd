import { beforeAll, describe, expect, it } from 'vitest';
import type { AnthropicRequestBody } from '../../../protocol/anthropic-messages.js';
import type { ChatRequestBody } from '../../../protocol/chat-completions.js';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { ResponsesRequestBody } from '../../../protocol/responses-request.js';
import { PackError } from '../../../src/errors.js';
import { PanelRegistry } from '../../../src/assembly/panels/panel-registry.js';
import { loadPanelTexts, type PanelTexts } from '../../../src/assembly/panels/panel-texts.js';
import { PromptShaper } from '../../../src/prompt/prompt-shaper.js';
import { renderCanned } from '../../support/render-canned.js';
import { CODEX_PACK_DIR, WEFT_PACK_DIR } from '../../support/packs.js';
import { minimalBody } from '../../support/client-helpers.js';
import { anthropicRequestProblems, chatRequestProblems, responsesRequestProblems } from '../../support/wire-validity.js';

let texts: PanelTexts;
beforeAll(async () => {
  texts = (await loadPanelTexts(WEFT_PACK_DIR)) as PanelTexts;
});

const NOW = Date.parse('2026-03-01T12:00:00Z');

/** Three panels refreshed at different times, registered newest first. */
function registry(): PanelRegistry {
  const panels = new PanelRegistry({ now: () => NOW });
  panels.register({ id: 'P3', header: 'Console', content: 'ok', lastRefreshMs: NOW - 1_000 });
  panels.register({ id: 'P1', header: 'Tree', content: 'src/', lastRefreshMs: NOW - 90_000 });
  panels.register({ id: 'P2', header: 'Todo', content: '- a', lastRefreshMs: NOW - 30_000 });
  return panels;
}

function body(): ResponsesRequestBody {
  const input: ResponseItem[] = [
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hello' }] },
    { type: 'function_call', name: 'exec_command', arguments: '{}', call_id: 'c1' },
    { type: 'function_call_output', call_id: 'c1', output: 'r' },
  ];
  return { ...minimalBody(), input };
}

const shaper = (over = {}) => new PromptShaper({ panels: registry(), now: () => NOW, ...over }, async () => texts);

describe('context panels on every wire', () => {
  it('Responses: panels oldest refresh first, header on the first, timestamp on each, footer, then the conversation', async () => {
    const req = await renderCanned(body(), 'responses', shaper());
    const input = (req.body as ResponsesRequestBody).input;
    const calls = input.flatMap((i) => (i.type === 'function_call' ? [i.call_id] : []));
    expect(calls).toEqual(['panel_P1', 'panel_P2', 'panel_P3', 'panel_footer', 'c1']);
    expect(input[0]).toEqual({
      type: 'message',
      role: 'assistant',
      content: [
        { type: 'output_text', text: texts.header() },
        { type: 'output_text', text: texts.timestamp('2026-03-01T11:58:30.000Z') },
      ],
    });
    expect(input[2]).toEqual({ type: 'function_call_output', call_id: 'panel_P1', output: texts.item('P1', 'Tree', 'src/') });
    expect(input[3]).toMatchObject({ content: [{ text: texts.timestamp('2026-03-01T11:59:30.000Z') }] });
    expect(input[9]).toMatchObject({ content: [{ text: texts.footer('', '2026-03-01T12:00:00.000Z') }] });
    expect(input[11]).toEqual({ type: 'function_call_output', call_id: 'panel_footer', output: texts.footerAck() });
    expect(input[12]).toMatchObject({ role: 'user', content: [{ text: 'hello' }] });
    expect(JSON.stringify(input)).not.toContain(texts.seedAck());
    expect(responsesRequestProblems(req.body)).toEqual([]);
  });

  it('naive order keeps registration order', async () => {
    const req = await renderCanned(body(), 'responses', shaper({ strategy: 'naive' }));
    const calls = (req.body as ResponsesRequestBody).input.flatMap((i) => (i.type === 'function_call' ? [i.call_id] : []));
    expect(calls.slice(0, 3)).toEqual(['panel_P3', 'panel_P1', 'panel_P2']);
  });

  it('Chat: panel calls and results, the footer, no repeated instructions', async () => {
    const req = await renderCanned(body(), 'chat', shaper());
    const messages = (req.body as ChatRequestBody).messages;
    expect(messages[0]).toEqual({ role: 'system', content: 'be brief' });
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: `${texts.header()}\n\n${texts.timestamp('2026-03-01T11:58:30.000Z')}`,
      tool_calls: [{ id: 'panel_P1', type: 'function', function: { name: 'dynamic_panel', arguments: '{"id":"P1"}' } }],
    });
    const ids = messages.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : []));
    expect(ids).toEqual(['panel_P1', 'panel_P2', 'panel_P3', 'panel_footer', 'c1']);
    expect(messages[9]).toMatchObject({ role: 'user', content: 'hello' });
    expect(JSON.stringify(messages)).not.toContain(texts.seedAck());
    expect(chatRequestProblems(req.body)).toEqual([]);
  });

  it('Anthropic: the instructions are repeated after the footer, before the conversation', async () => {
    const req = await renderCanned(body(), 'anthropic', shaper());
    const a = req.body as AnthropicRequestBody;
    expect(anthropicRequestProblems(a)).toEqual([]);
    // The header opens a user turn (the API wants a user message first).
    expect(a.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: texts.header() }] });
    const blocks = a.messages.flatMap((m) => m.content.map((b) => ({ role: m.role, b })));
    const at = (pred: (b: (typeof blocks)[number]['b']) => boolean): number => blocks.findIndex((x) => pred(x.b));
    const footerResult = at((b) => b.type === 'tool_result' && b.tool_use_id === 'panel_footer');
    const seed = at((b) => b.type === 'text' && b.text === texts.seedRepeat('be brief'));
    const ack = at((b) => b.type === 'text' && b.text === texts.seedAck());
    const hello = at((b) => b.type === 'text' && b.text === 'hello');
    expect(footerResult).toBeGreaterThan(0);
    expect(seed).toBe(footerResult + 1);
    expect(ack).toBe(seed + 1);
    expect(blocks[ack]?.role).toBe('assistant');
    expect(hello).toBe(ack + 1);
    const uses = blocks.flatMap((x) => (x.b.type === 'tool_use' ? [x.b.id] : []));
    expect(uses).toEqual(['panel_P1', 'panel_P2', 'panel_P3', 'panel_footer', 'c1']);
  });

  it('adds no footer or panel texts when no panel is registered', async () => {
    const req = await renderCanned(body(), 'responses', new PromptShaper({ panels: new PanelRegistry() }, async () => texts));
    expect(req.body).toEqual(body());
  });

  it('refuses panels with a pack that has no panel texts, naming the files', async () => {
    const s = new PromptShaper({ panels: registry() }, () => loadPanelTexts(CODEX_PACK_DIR));
    await expect(renderCanned(body(), 'chat', s)).rejects.toThrow(PackError);
    await expect(renderCanned(body(), 'chat', s)).rejects.toThrow(/panels\/\*\.md/);
  });
});
