import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { renderChatBody } from '../../../src/prompt/chat.js';
import type { Prompt } from '../../../src/prompt/prompt.js';
import { chatRequestProblems } from '../../support/wire-validity.js';

const settings = { model: { slug: 'gpt-test' } };
const user = (text: string): ResponseItem => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
const developer = (text: string): ResponseItem => ({ type: 'message', role: 'developer', content: [{ type: 'input_text', text }] });
const assistant = (text: string): ResponseItem => ({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
const call = (id: string, name = 'exec_command'): ResponseItem => ({ type: 'function_call', name, arguments: `{"cmd":"${id}"}`, call_id: id });
const output = (id: string): ResponseItem => ({ type: 'function_call_output', call_id: id, output: `out ${id}` });
const reasoning: ResponseItem = { type: 'reasoning', summary: [{ type: 'summary_text', text: 'thinking' }], encrypted_content: 'gAAA' };

function prompt(input: ResponseItem[], over: Partial<Prompt> = {}): Prompt {
  return { instructions: 'BASE', input, tools: [], parallelToolCalls: true, ...over };
}

describe('chat renderer', () => {
  it('opens with one system message: the instructions, then the developer messages that open the conversation', () => {
    const body = renderChatBody(prompt([developer('perms'), user('env'), developer('mode'), user('hi')]), settings);
    expect(body.messages).toEqual([
      { role: 'system', content: 'BASE\n\nperms\n\nmode' },
      { role: 'user', content: 'env' },
      { role: 'user', content: 'hi' },
    ]);
  });

  it('sends a developer message after the model has spoken as a framed user message, never as a system message', () => {
    const frame = (text: string) => `[update] ${text}`;
    const body = renderChatBody(prompt([developer('perms'), user('hi'), assistant('hello'), developer('new perms'), user('again')]), settings, { contextUpdate: frame });
    expect(body.messages).toEqual([
      { role: 'system', content: 'BASE\n\nperms' },
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
      { role: 'user', content: '[update] new perms' },
      { role: 'user', content: 'again' },
    ]);
    expect(body.messages.filter((m) => m.role === 'system')).toHaveLength(1);
  });

  it('merges consecutive calls, and the text before them, into one assistant message followed by tool results', () => {
    const body = renderChatBody(prompt([user('go'), reasoning, assistant('Looking.'), call('a'), reasoning, call('b'), output('a'), output('b'), assistant('done')]), settings);
    expect(body.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: 'Looking.',
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'exec_command', arguments: '{"cmd":"a"}' } },
          { id: 'b', type: 'function', function: { name: 'exec_command', arguments: '{"cmd":"b"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: 'out a' },
      { role: 'tool', tool_call_id: 'b', content: 'out b' },
      { role: 'assistant', content: 'done' },
    ]);
    expect(chatRequestProblems(body)).toEqual([]);
  });

  it('keeps calls that each got their result before the next one as separate assistant messages', () => {
    const body = renderChatBody(prompt([user('go'), call('a'), output('a'), call('b'), output('b')]), settings);
    expect(body.messages.slice(2).map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant', 'tool']);
  });

  it('skips orphan calls and orphan results, and drops reasoning', () => {
    const body = renderChatBody(prompt([user('go'), reasoning, call('lost'), output('ghost'), call('ok'), output('ok')]), settings);
    expect(JSON.stringify(body)).not.toContain('lost');
    expect(JSON.stringify(body)).not.toContain('ghost');
    expect(JSON.stringify(body)).not.toContain('thinking');
    expect(body.messages.slice(2)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'ok', type: 'function', function: { name: 'exec_command', arguments: '{"cmd":"ok"}' } }] },
      { role: 'tool', tool_call_id: 'ok', content: 'out ok' },
    ]);
    expect(chatRequestProblems(body)).toEqual([]);
  });

  it('places a result right after its call even when a message came between them', () => {
    const body = renderChatBody(prompt([user('go'), call('a'), user('steer'), output('a')]), settings);
    expect(body.messages.slice(2).map((m) => m.role)).toEqual(['assistant', 'tool', 'user']);
    expect(chatRequestProblems(body)).toEqual([]);
  });

  it('offers function tools, freeform tools as one-string functions, and leaves hosted tools out', () => {
    const tools = [
      { type: 'function', name: 'exec_command', description: 'run', strict: false, parameters: { type: 'object', properties: { cmd: { type: 'string' } } } },
      { type: 'custom', name: 'apply_patch', description: 'patch', format: { type: 'grammar' } },
      { type: 'web_search', external_web_access: false },
    ];
    const body = renderChatBody(prompt([user('hi')], { tools, parallelToolCalls: false }), settings);
    expect(body.tools?.map((t) => t.function.name)).toEqual(['exec_command', 'apply_patch']);
    expect(body.tools?.[1]?.function.parameters).toMatchObject({ required: ['input'] });
    expect(body.tool_choice).toBe('auto');
    expect(body.parallel_tool_calls).toBe(false);
  });

  it('sends no tool fields without tools, and an output schema as response_format', () => {
    const body = renderChatBody(prompt([user('hi')], { outputSchema: { type: 'object' } }), settings);
    expect(Object.keys(body)).toEqual(['model', 'messages', 'response_format', 'stream', 'stream_options']);
    expect(body.response_format?.json_schema.schema).toEqual({ type: 'object' });
  });

  it('sends several user parts, or images, as a parts array', () => {
    const item: ResponseItem = {
      type: 'message',
      role: 'user',
      content: [
        { type: 'input_text', text: 'see' },
        { type: 'input_image', image_url: 'data:image/png;base64,AAAA' },
      ],
    };
    expect(renderChatBody(prompt([item]), settings).messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'see' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
      ],
    });
  });
});
