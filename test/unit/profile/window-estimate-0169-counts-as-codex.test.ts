// The estimate Codex 0.169 writes for a window rebuilt by a compaction, as measured on the binary
// (test/conformance/cross-compaction-estimate-codex-0.169.test.ts holds weft to it end to end).
import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { IMAGE_PART_BYTES, windowItemTokens, windowTokenEstimate } from '../../../src/profile/codex-0.169/window-estimate.js';
import { contextMessage, HARNESS, BASE_INSTRUCTIONS_KIND } from '../../../src/profile/codex-0.169/items.js';

const text = (role: 'user' | 'developer', ...parts: string[]): ResponseItem => ({
  type: 'message',
  id: 'msg_0123456789',
  role,
  content: parts.map((t) => ({ type: 'input_text' as const, text: t })),
  internal_chat_message_metadata_passthrough: { turn_id: 'turn', content_item_kinds: parts.map(() => 'user.text') },
});

describe('the estimate of a rebuilt 0.169 window', () => {
  it('counts a message by the bytes of its texts only, rounded up once per message', () => {
    expect(windowItemTokens(text('user', 'a'.repeat(5), 'b'.repeat(6)))).toBe(3);
    expect(windowItemTokens(text('user', 'é'))).toBe(1);
    expect(windowItemTokens(text('developer', 'x'.repeat(4000)))).toBe(1000);
  });

  it('counts an image part as the fixed per-image bytes', () => {
    const item: ResponseItem = { type: 'message', role: 'user', content: [{ type: 'input_image', image_url: `data:image/png;base64,${'A'.repeat(90_000)}` }, { type: 'input_text', text: 'abc' }] };
    expect(windowItemTokens(item)).toBe(Math.ceil((IMAGE_PART_BYTES + 3) / 4));
  });

  it('counts an additional_tools item by the JSON of its specs', () => {
    const tools = [{ type: 'function', name: 'wait', description: 'waits' }];
    const item: ResponseItem = { type: 'additional_tools', id: 'at_1', role: 'developer', tools };
    expect(windowItemTokens(item)).toBe(Math.ceil(JSON.stringify(tools).length / 4));
  });

  it('counts a call’s output by the bytes of its call id and its text', () => {
    const output = '{"goal":null,"remainingTokens":null,"completionBudgetReport":null}';
    const item: ResponseItem = { type: 'function_call_output', id: 'fco_1', call_id: 'call_goal', output, internal_chat_message_metadata_passthrough: { turn_id: 'turn' } };
    expect(windowItemTokens(item)).toBe(19);
    expect(windowItemTokens({ ...item, call_id: `call_goal_${'x'.repeat(39)}` })).toBe(29);
  });

  it('adds the base instructions when the window does not hold them', () => {
    const window = [text('developer', 'd'.repeat(400)), text('user', 'u'.repeat(40))];
    expect(windowTokenEstimate(window, 'i'.repeat(21473))).toBe(5369 + 100 + 10);
  });

  it('counts a window’s own base-instructions message instead of the thread’s text', () => {
    const own = contextMessage('developer', [{ text: 'b'.repeat(800), kind: BASE_INSTRUCTIONS_KIND, provenance: HARNESS }], {}, 'msg_base');
    expect(windowTokenEstimate([own, text('user', 'u'.repeat(40))], 'i'.repeat(21473))).toBe(200 + 10);
  });
});
