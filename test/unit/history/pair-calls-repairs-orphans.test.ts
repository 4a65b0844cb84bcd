import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { assistantMessage, textMessage } from '../../../src/history/message.js';
import { pairCallsWithOutputs } from '../../../src/history/pair-calls.js';

const call = (id: string): ResponseItem => ({ type: 'function_call', name: 'exec_command', arguments: '{}', call_id: id });
const output = (id: string, text = 'done'): ResponseItem => ({ type: 'function_call_output', call_id: id, output: text });
const customCall = (id: string): ResponseItem => ({ type: 'custom_tool_call', call_id: id, name: 'apply_patch', input: '*** Begin Patch' });
const customOutput = (id: string): ResponseItem => ({ type: 'custom_tool_call_output', call_id: id, output: 'patched' });

describe('pairCallsWithOutputs', () => {
  it('leaves a history whose calls all have outputs unchanged', () => {
    const items = [textMessage('user', 'go'), call('a'), output('a'), customCall('b'), customOutput('b'), assistantMessage('ok')];
    expect(pairCallsWithOutputs(items, 'aborted')).toEqual(items);
  });

  it('puts the aborted output right after a function call without one', () => {
    const items = [textMessage('user', 'go'), call('a'), call('b'), output('b'), assistantMessage('ok')];
    expect(pairCallsWithOutputs(items, 'aborted')).toEqual([
      textMessage('user', 'go'),
      call('a'),
      { type: 'function_call_output', call_id: 'a', output: 'aborted' },
      call('b'),
      output('b'),
      assistantMessage('ok'),
    ]);
  });

  it('puts an aborted custom_tool_call_output right after a custom tool call without one', () => {
    expect(pairCallsWithOutputs([customCall('p'), textMessage('user', 'next')], 'ABORTED')).toEqual([
      customCall('p'),
      { type: 'custom_tool_call_output', call_id: 'p', output: 'ABORTED' },
      textMessage('user', 'next'),
    ]);
  });

  it('drops an output whose call is gone', () => {
    expect(pairCallsWithOutputs([textMessage('user', 'go'), output('ghost'), customOutput('ghost2'), assistantMessage('ok')], 'aborted')).toEqual([
      textMessage('user', 'go'),
      assistantMessage('ok'),
    ]);
  });

  it('keeps an output that comes after other items, matched by call_id', () => {
    const items = [call('a'), textMessage('user', 'between'), output('a')];
    expect(pairCallsWithOutputs(items, 'aborted')).toEqual(items);
  });

  it('does not mutate its input', () => {
    const items = [call('a')];
    pairCallsWithOutputs(items, 'aborted');
    expect(items).toEqual([call('a')]);
  });
});
