import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { canonicalizeOutputItem } from '../../../src/history/canonical-item.js';
import { textMessage } from '../../../src/history/message.js';
import { baseInstructionsId, decorateCreatedItem, modelOutputItem, uuidV5 } from '../../../src/profile/codex-0.169/items.js';
import { recordedBody, recordedRollout } from '../../support/codex-0169.js';

const canonical = (raw: Record<string, unknown>): ResponseItem => {
  const r = canonicalizeOutputItem(raw);
  if (!r.ok) throw new Error(r.reason);
  return r.item;
};

describe('items weft creates under codex-0.169', () => {
  it('a prompt gets msg_<uuid> and its turn, time and kind', () => {
    const item = decorateCreatedItem(textMessage('user', 'Say hello.'), { turnId: 't1', createTime: 7 });
    expect(item).toEqual({
      type: 'message',
      id: expect.stringMatching(/^msg_[0-9a-f-]{36}$/) as unknown,
      role: 'user',
      content: [{ type: 'input_text', text: 'Say hello.' }],
      internal_chat_message_metadata_passthrough: {
        turn_id: 't1',
        create_time: 7,
        content_item_kinds: ['user.text'],
        content_item_metadata: [{ provenance: { type: 'user' } }],
      },
    });
    expect(Object.keys(item)).toEqual(['type', 'id', 'role', 'content', 'internal_chat_message_metadata_passthrough']);
  });

  it('a tool output gets fco_<uuid>, in the recorded key order', () => {
    const item = decorateCreatedItem({ type: 'function_call_output', call_id: 'c1', output: 'ok' }, { turnId: 't1', createTime: 7 });
    expect(Object.keys(item)).toEqual(['type', 'id', 'call_id', 'output', 'internal_chat_message_metadata_passthrough']);
    expect((item as { id: string }).id).toMatch(/^fco_[0-9a-f-]{36}$/);
  });

  it('items that already have an id are kept as they are', () => {
    const item: ResponseItem = { type: 'message', id: 'msg_x', role: 'user', content: [{ type: 'input_text', text: 'a' }] };
    expect(decorateCreatedItem(item, { turnId: 't' })).toBe(item);
  });
});

describe('model output kept as streamed', () => {
  const sse = (JSON.parse(JSON.stringify(recordedBody('tool_call', 2).input)) as Record<string, unknown>[]).slice(4, 6);

  it('reasoning, function call: ids and statuses kept, missing reasoning fields null, Codex field order', () => {
    const rawReasoning = { type: 'reasoning', id: 'rs_mock0002', summary: [{ type: 'summary_text', text: '**Running echo**' }] };
    const rawCall = { type: 'function_call', id: 'fc_mock0003', status: 'completed', call_id: 'call_mock_1', name: 'exec_command', arguments: '{"cmd":"echo hi"}' };
    const reasoning = modelOutputItem(canonical(rawReasoning), rawReasoning, 't');
    const call = modelOutputItem(canonical(rawCall), rawCall, 't');
    const strip = ({ internal_chat_message_metadata_passthrough: _m, ...rest }: Record<string, unknown>) => rest;
    expect(JSON.stringify(strip(reasoning as Record<string, unknown>))).toBe(JSON.stringify(sse[0]));
    expect(JSON.stringify(strip(call as Record<string, unknown>))).toBe(JSON.stringify(sse[1]));
  });

  it('an assistant message keeps status, id and annotations, and is recorded as Codex does', () => {
    const raw = { type: 'message', id: 'msg_mock0002', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'First answer from mock.', annotations: [] }] };
    const kept = modelOutputItem(canonical(raw), raw, '{{ID5}}');
    const recorded = recordedRollout('resume').find((l) => l.type === 'response_item' && (l.payload as { id?: string }).id === 'msg_mock0002');
    expect(JSON.stringify(kept)).toBe(JSON.stringify(recorded?.payload));
  });
});

describe('the base-instructions id', () => {
  it('depends on the thread and the text only: same in every process, new for a fork', () => {
    expect(baseInstructionsId('a', 'T')).toBe(baseInstructionsId('a', 'T'));
    expect(baseInstructionsId('a', 'T')).not.toBe(baseInstructionsId('b', 'T'));
    expect(baseInstructionsId('a', 'T')).not.toBe(baseInstructionsId('a', 'U'));
    // The RFC 4122 v5 example value (DNS namespace, "python.org"), as Python's uuid module gives it.
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'python.org')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
  });
});
