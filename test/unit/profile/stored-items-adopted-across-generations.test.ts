import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { storedItem098 } from '../../../src/profile/codex-0.98/stored-items.js';
import { recordedRollout } from '../../support/codex-0169.js';

const items = (scenario: string) => recordedRollout(scenario).filter((l) => l.type === 'response_item').map((l) => l.payload as ResponseItem);

describe('items of a codex-0.169 rollout under the codex-0.98 profile', () => {
  it('lose ids, statuses, annotations and metadata, as Codex 0.98 reads them', () => {
    const [assistant] = items('resume').filter((i) => i.type === 'message' && i.role === 'assistant');
    expect(storedItem098(assistant as ResponseItem)).toEqual({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'First answer from mock.' }] });
  });

  it('tool calls and outputs keep only what 0.98 models', () => {
    const [, , , reasoning, call, output] = items('tool_call');
    expect(storedItem098(reasoning as ResponseItem)).toEqual({ type: 'reasoning', summary: [{ type: 'summary_text', text: '**Running echo**' }], content: null, encrypted_content: null });
    expect(storedItem098(call as ResponseItem)).toEqual({ type: 'function_call', name: 'exec_command', arguments: '{"cmd":"echo hi"}', call_id: 'call_mock_1' });
    expect(Object.keys(storedItem098(output as ResponseItem) ?? {})).toEqual(['type', 'call_id', 'output']);
  });

  it('code-mode tools and compaction triggers are not kept', () => {
    expect(storedItem098({ type: 'additional_tools', role: 'developer', tools: [] })).toBeUndefined();
    expect(storedItem098({ type: 'compaction_trigger' })).toBeUndefined();
  });

  it('a 0.98 item is unchanged', () => {
    const item: ResponseItem = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] };
    expect(storedItem098(item)).toEqual(item);
  });
});
