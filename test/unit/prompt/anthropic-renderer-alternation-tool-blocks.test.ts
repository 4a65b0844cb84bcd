import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { renderAnthropicBody } from '../../../src/prompt/anthropic.js';
import type { Prompt } from '../../../src/prompt/prompt.js';
import { anthropicRequestProblems } from '../../support/wire-validity.js';

const settings = { model: { slug: 'claude-test' } };
const user = (text: string): ResponseItem => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
const developer = (text: string): ResponseItem => ({ type: 'message', role: 'developer', content: [{ type: 'input_text', text }] });
const assistant = (text: string): ResponseItem => ({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
const call = (id: string): ResponseItem => ({ type: 'function_call', name: 'exec_command', arguments: `{"cmd":"${id}"}`, call_id: id });
const output = (id: string): ResponseItem => ({ type: 'function_call_output', call_id: id, output: `out ${id}` });
const reasoning: ResponseItem = { type: 'reasoning', summary: [{ type: 'summary_text', text: 'thinking' }], encrypted_content: 'gAAA' };
const execTool = { type: 'function', name: 'exec_command', description: 'run', parameters: { type: 'object', properties: { cmd: { type: 'string' } } } };

function prompt(input: ResponseItem[], over: Partial<Prompt> = {}): Prompt {
  return { instructions: 'BASE', input, tools: [execTool], parallelToolCalls: true, ...over };
}

describe('anthropic renderer', () => {
  it('puts the instructions and the opening developer messages in `system`, a later one in framed user text', () => {
    const body = renderAnthropicBody(prompt([developer('perms'), user('hi')]), settings);
    expect(body.system).toBe('BASE\n\nperms');
    expect(body.max_tokens).toBe(8192);
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]);
    const later = renderAnthropicBody(prompt([developer('perms'), user('hi'), assistant('hello'), developer('new perms'), user('again')]), settings, { contextUpdate: (t) => `[update] ${t}` });
    expect(later.system).toBe('BASE\n\nperms');
    expect(later.messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: '[update] new perms' }, { type: 'text', text: 'again' }] });
    expect(body.tools).toEqual([{ name: 'exec_command', description: 'run', input_schema: execTool.parameters }]);
    expect(body.tool_choice).toEqual({ type: 'auto' });
  });

  it('turns calls into tool_use blocks of the assistant turn and results into tool_result blocks', () => {
    const body = renderAnthropicBody(prompt([user('go'), reasoning, assistant('Looking.'), call('a'), call('b'), output('a'), output('b'), assistant('done'), user('next')]), settings);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking.' },
          { type: 'tool_use', id: 'a', name: 'exec_command', input: { cmd: 'a' } },
          { type: 'tool_use', id: 'b', name: 'exec_command', input: { cmd: 'b' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'a', content: 'out a' },
          { type: 'tool_result', tool_use_id: 'b', content: 'out b' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
      { role: 'user', content: [{ type: 'text', text: 'next' }] },
    ]);
    expect(anthropicRequestProblems(body)).toEqual([]);
  });

  it('strictly alternates roles, with tool results first in a merged user turn', () => {
    const body = renderAnthropicBody(prompt([user('a'), user('b'), assistant('x'), assistant('y'), call('c'), output('c'), user('after')]), settings);
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(body.messages[2]?.content.map((b) => b.type)).toEqual(['tool_result', 'text']);
    expect(anthropicRequestProblems(body)).toEqual([]);
  });

  it('skips orphans and drops reasoning, so a Responses history is accepted', () => {
    const body = renderAnthropicBody(prompt([user('go'), reasoning, call('lost'), output('ghost'), assistant('ok')]), settings);
    const text = JSON.stringify(body);
    expect(text).not.toContain('lost');
    expect(text).not.toContain('ghost');
    expect(text).not.toContain('thinking');
    expect(anthropicRequestProblems(body)).toEqual([]);
  });

  it('opens with a user turn: the leading text of an assistant first turn moves into one', () => {
    const body = renderAnthropicBody(prompt([assistant('header'), call('p'), output('p'), user('hi')]), settings);
    expect(body.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'header' }] });
    expect(body.messages[1]?.role).toBe('assistant');
    expect(anthropicRequestProblems(body)).toEqual([]);
  });

  it('rewrites call ids the wire would refuse, and wraps arguments that are not an object', () => {
    const odd: ResponseItem = { type: 'function_call', name: 'exec_command', arguments: 'not json', call_id: 'functions.exec:0' };
    const body = renderAnthropicBody(prompt([user('go'), odd, { type: 'function_call_output', call_id: 'functions.exec:0', output: 'r' }]), settings);
    expect(body.messages[1]?.content[0]).toEqual({ type: 'tool_use', id: 'functions_exec_0', name: 'exec_command', input: { arguments: 'not json' } });
    expect(anthropicRequestProblems(body)).toEqual([]);
  });

  it('declares the tools a history uses when the request offers none, and offers none', () => {
    const body = renderAnthropicBody(prompt([user('go'), call('a'), output('a'), user('summarize')], { tools: [] }), settings);
    expect(body.tools).toEqual([{ name: 'exec_command', input_schema: { type: 'object' } }]);
    expect(body.tool_choice).toEqual({ type: 'none' });
  });

  it('sets cache_control on the last block of each breakpoint, never more than four', () => {
    const input = [user('u0'), assistant('a0'), user('u1'), assistant('a1'), user('u2'), assistant('a2'), user('u3')];
    const body = renderAnthropicBody(prompt(input), settings, { cacheBreakpoints: [0, 1, 2, 3, 4, 5] });
    const marked = body.messages.flatMap((m) => m.content).filter((b) => b.cache_control);
    expect(marked).toHaveLength(4);
    expect(marked.map((b) => (b.type === 'text' ? b.text : ''))).toEqual(['u0', 'a0', 'u1', 'a1']);
    expect(anthropicRequestProblems(body)).toEqual([]);
  });
});
