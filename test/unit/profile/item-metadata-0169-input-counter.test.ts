// The metadata Codex 0.169 writes beside each response item (found by running the real binary on the
// issue-37 team session and reading the recorded conformance rollouts): which items take a place in
// the thread's input counter, which messages are retained, the tool outputs' token limit, MCP
// attribution, and the `retained_context` line of an answered question, each in Codex's key order.
import { describe, expect, it } from 'vitest';
import { joinPieces } from '../../../src/bytes/json-pieces.js';
import { Codex0169RolloutFormat } from '../../../src/profile/codex-0.169/rollout-format.js';
import { fallbackTokenLimit } from '../../../src/profile/codex-0.169/item-metadata.js';
import { responseItemLine } from '../../../src/rollout/format/records.js';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { threadRecordsState } from '../../../src/profile/codex-0.169/thread-records.js';
import { decorateCreatedItem } from '../../../src/profile/codex-0.169/items.js';
import type { RolloutRecord } from '../../../src/rollout/format/reader.js';

type Line = { type: string; payload: Record<string, unknown>; metadata?: Record<string, unknown> };

function format(nextInputOrder = 0) {
  const state = { nextOrdinal: 0, historySequence: 0, nextInputOrder };
  const f = new Codex0169RolloutFormat(state, { threadId: 'th', turnId: () => 'turn_1', sessionMeta: (p) => p, truncationPolicy: { mode: 'tokens', limit: 10_000 } });
  const write = (item: ResponseItem): Line[] => f.lines(responseItemLine(item)).map((l) => JSON.parse(joinPieces(l)) as Line);
  const meta = (item: ResponseItem): Record<string, unknown> => write(item).at(-1)?.metadata ?? {};
  return { f, state, write, meta };
}

const userInput = (id: string, text: string): ResponseItem => ({
  type: 'message',
  id,
  role: 'user',
  content: [{ type: 'input_text', text }],
  internal_chat_message_metadata_passthrough: { turn_id: 'turn_1', content_item_kinds: ['user.text'], content_item_metadata: [{ provenance: { type: 'user' } }] },
});
const context = (text: string): ResponseItem => ({ type: 'message', role: 'developer', content: [{ type: 'input_text', text }] });
const assistant = (id: string, text: string): ResponseItem => ({ type: 'message', id, role: 'assistant', content: [{ type: 'output_text', text }] });
const call = (name: string, callId: string, args = '{}'): ResponseItem => ({ type: 'function_call', name, call_id: callId, arguments: args });
const output = (callId: string, text: string): ResponseItem => ({ type: 'function_call_output', call_id: callId, output: text });

describe('codex-0.169 item metadata', () => {
  it('counts the user’s message, each function call, each agent message and each assistant message; not context, reasoning, outputs or custom calls', () => {
    const { meta } = format();
    expect(meta(context('rules'))).not.toHaveProperty('user_input_order');
    expect(meta(userInput('msg_u', 'hi')).user_input_order).toBe(0);
    expect(meta({ type: 'reasoning', summary: [], encrypted_content: null })).not.toHaveProperty('user_input_order');
    expect(meta(call('exec_command', 'c1')).user_input_order).toBe(1);
    expect(meta(output('c1', 'ok'))).not.toHaveProperty('user_input_order');
    expect(meta({ type: 'custom_tool_call', name: 'apply_patch', call_id: 'c2', input: '*** Begin Patch' })).not.toHaveProperty('user_input_order');
    expect(meta({ type: 'agent_message', author: '/root/alpha', recipient: '/root', content: [] } as unknown as ResponseItem).user_input_order).toBe(2);
    expect(meta(assistant('msg_a', 'done')).user_input_order).toBe(3);
  });

  it('a message in the user’s role that the harness wrote (a goal’s continuation, the environment) is not the user’s input', () => {
    const { meta } = format();
    const harness: ResponseItem = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go on' }], internal_chat_message_metadata_passthrough: { content_item_kinds: ['goal.continuation'] } };
    meta(context('first'));
    expect(meta(harness)).toEqual({ history_sequence: 2, sampled_through_sequence: 0, client_authored: false });
  });

  it('the mark of an interrupted turn is the harness’s (generic.turn_aborted), neither retained nor counted (appserver-0.169 d)', () => {
    const { meta } = format();
    meta(context('first'));
    const mark = decorateCreatedItem({ type: 'message', role: 'user', content: [{ type: 'input_text', text: '<turn_aborted>\nstopped\n</turn_aborted>' }] }, { turnId: 'turn_1' });
    expect(mark).toMatchObject({ internal_chat_message_metadata_passthrough: { content_item_kinds: ['generic.turn_aborted'], content_item_metadata: [{ provenance: { type: 'harness', hook: false } }] } });
    expect(meta(mark)).toEqual({ history_sequence: 2, sampled_through_sequence: 0, client_authored: false });
  });

  it('retains the user’s and the model’s messages, with the keys in Codex’s order', () => {
    const { meta } = format(4);
    meta(context('first'));
    const user = meta(userInput('msg_u', 'hi'));
    expect(Object.keys(user)).toEqual(['history_sequence', 'sampled_through_sequence', 'retained_source', 'client_authored', 'user_input_order', 'mcp_attribution']);
    expect(user).toMatchObject({ retained_source: { id: { message_id: 'msg_u', turn_id: 'turn_1', role: 'user' }, complete: true }, user_input_order: 4, mcp_attribution: { status: 'none' } });
    expect((user.retained_source as { revision: string }).revision).toMatch(/^retained_[0-9a-f-]{36}$/);
    const answer = meta(assistant('msg_a', 'done'));
    expect(Object.keys(answer)).toEqual(['history_sequence', 'sampled_through_sequence', 'retained_source', 'client_authored', 'user_input_order']);
    expect(answer.retained_source).toMatchObject({ id: { message_id: 'msg_a', turn_id: 'turn_1', role: 'assistant' }, complete: true });
  });

  it('only the first item the session writes and the user’s messages say MCP had no part; a compaction’s output is marked and not counted', () => {
    const { f, meta } = format();
    expect(meta(context('first')).mcp_attribution).toEqual({ status: 'none' });
    expect(meta(context('second'))).not.toHaveProperty('mcp_attribution');
    f.noteCompacting(true);
    // appserver-0.169 d: a manual compaction's summary, not the first item of its session.
    expect(meta(assistant('msg_s', 'summary'))).toEqual({ history_sequence: 3, sampled_through_sequence: 0, client_authored: false, compaction_output: true });
    f.noteCompacting(false);
    expect(meta(assistant('msg_b', 'after'))).not.toHaveProperty('compaction_output');
  });

  it('tool outputs carry the token limit they are cut to; a call-less output given as context says so', () => {
    const { meta } = format();
    meta(context('first'));
    expect(meta(output('c1', 'ok'))).toEqual({ history_sequence: 2, sampled_through_sequence: 0, client_authored: false, fallback_token_limit_override: 12000 });
    expect(meta({ type: 'custom_tool_call_output', call_id: 'c2', output: 'ok' }).fallback_token_limit_override).toBe(12000);
    const goal = meta({ type: 'function_call_output', name: 'goal_objective', namespace: 'agent', output: 'Count to three' } as ResponseItem);
    expect(Object.keys(goal)).toEqual(['history_sequence', 'sampled_through_sequence', 'additional_context_tool_output', 'client_authored', 'fallback_token_limit_override']);
  });

  it('the limit is the turn’s truncation policy with 20% added, in tokens', () => {
    expect(fallbackTokenLimit({ mode: 'tokens', limit: 10_000 })).toBe(12_000);
    expect(fallbackTokenLimit({ mode: 'tokens', limit: 1 })).toBe(2);
    expect(fallbackTokenLimit({ mode: 'bytes', limit: 401 })).toBe(121);
  });

  it('an MCP tool’s output names the tool and the turn its output first came in', () => {
    const { f, meta } = format();
    meta(context('first'));
    meta(call('mcp__echo__echo', 'c1'));
    f.noteMcpCall('c1', 'echo', 'echo');
    expect(meta(output('c1', 'echo: hi')).mcp_attribution).toEqual({ status: 'complete', sources: [{ server_name: 'echo', tool_name: 'echo', first_turn_id: 'turn_1' }] });
    expect(meta(output('c9', 'other'))).not.toHaveProperty('mcp_attribution');
  });

  it('an answered question writes its retained answer before the output, taking the next place in the counter', () => {
    const { write, meta } = format();
    meta(userInput('msg_u', 'ask me'));
    const question = { id: 'size', header: 'Size', question: 'How far?', options: [{ label: 'Three', description: 'Count to three.' }, { label: 'Five', description: 'Count to five.' }] };
    const unanswered = { ...question, id: 'other', question: 'Second?' };
    expect(meta(call('request_user_input', 'call_ask', JSON.stringify({ questions: [question, unanswered] }))).user_input_order).toBe(1);
    const lines = write(output('call_ask', JSON.stringify({ answers: { size: { answers: ['Three'] } } })));
    expect(lines.map((l) => l.type)).toEqual(['retained_context', 'response_item']);
    expect(lines[0]?.payload).toEqual({ type: 'verified_answer', turn_id: 'turn_1', call_id: 'call_ask', questions: [{ question: 'How far?\nThree: Count to three.', answer: 'Three' }], acceptance_order: 2 });
    expect(meta(call('spawn_agent', 'c3')).user_input_order).toBe(3);
  });

  it('a model output item takes its place when it begins to stream: cut off, it leaves a gap (appserver-0.169 d)', () => {
    const { f, meta } = format();
    meta(userInput('msg_u', 'slow one'));
    f.noteItemStarted({ type: 'message', id: 'msg_cut', role: 'assistant', content: [] });
    expect(meta(userInput('msg_steer', 'steered')).user_input_order).toBe(2);
    f.noteItemStarted({ type: 'message', id: 'msg_done', role: 'assistant', content: [] });
    f.noteItemStarted({ type: 'reasoning', id: 'rs_1', summary: [] });
    f.noteItemStarted({ type: 'function_call', id: 'fc_1', name: 'exec_command', call_id: 'c1', arguments: '{}' });
    expect(meta({ type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: null })).not.toHaveProperty('user_input_order');
    expect(meta(assistant('msg_done', 'answer')).user_input_order).toBe(3);
    expect(meta({ ...call('exec_command', 'c1'), id: 'fc_1' } as ResponseItem).user_input_order).toBe(4);
    expect(meta(call('exec_command', 'c2')).user_input_order).toBe(5);
  });

  it('several answers are retained one a line, blank ones left out; a question answered only blank is not retained', () => {
    const { write, meta } = format();
    const pick = { id: 'pick', header: 'Pick', question: 'Which?', options: [{ label: 'A', description: 'first' }, { label: 'B', description: 'second' }] };
    const blank = { id: 'blank', header: 'Blank', question: 'Anything?' };
    meta(call('request_user_input', 'call_ask', JSON.stringify({ questions: [pick, blank] })));
    const [retained] = write(output('call_ask', JSON.stringify({ answers: { pick: { answers: ['A', ' ', 'B'] }, blank: { answers: [''] } } })));
    expect(retained?.payload.questions).toEqual([{ question: 'Which?\nA: first\nB: second', answer: 'A\nB' }]);
  });

  it('an answer too large to retain keeps its ids and loses its questions', () => {
    const { write, meta } = format();
    meta(call('request_user_input', 'call_ask', JSON.stringify({ questions: [{ id: 'q', header: 'Q', question: 'Why?' }] })));
    const [retained] = write(output('call_ask', JSON.stringify({ answers: { q: { answers: ['x'.repeat(20_000)] } } })));
    expect(retained?.payload).toMatchObject({ type: 'verified_answer', turn_id: 'turn_1', call_id: 'call_ask', questions: [], acceptance_order: 1 });
  });

  it('a question declined or refused is not retained and takes no place', () => {
    const { write, meta } = format();
    meta(call('request_user_input', 'call_ask', JSON.stringify({ questions: [{ id: 'q', header: 'Q', question: 'Why?' }] })));
    expect(write(output('call_ask', 'the user declined')).map((l) => l.type)).toEqual(['response_item']);
    expect(meta(call('exec_command', 'c2')).user_input_order).toBe(1);
  });

  it('a compaction keeps the user’s messages with their metadata and numbers the other items of the new window', () => {
    const { f, state, meta } = format();
    meta(context('first'));
    const kept = meta(userInput('msg_u', 'hi'));
    meta(assistant('msg_a', 'hello'));
    const window = [context('rules'), userInput('msg_u', 'hi'), { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'summary' }] }];
    expect(f.replacementMetadata(window)).toEqual([
      { history_sequence: 4, sampled_through_sequence: 0, client_authored: false },
      kept,
      { history_sequence: 5, sampled_through_sequence: 0, client_authored: false, mcp_attribution: { status: 'none' } },
    ]);
    expect(state.historySequence).toBe(5);
  });

  it('a compaction’s line carries the retained facts: answers, the user’s and the model’s messages with their places, and where the counter stands', () => {
    const { f, write, meta } = format();
    const user = meta(userInput('msg_u', 'ask me'));
    meta(call('request_user_input', 'call_ask', JSON.stringify({ questions: [{ id: 'q', header: 'Q', question: 'Why?' }] })));
    write(output('call_ask', JSON.stringify({ answers: { q: { answers: ['Because.'] } } })));
    const reply = meta(assistant('msg_a', 'done'));
    const revision = (m: Record<string, unknown>): unknown => (m.retained_source as { revision: string }).revision;
    expect(f.retainedContext()).toEqual({
      verified_answers: [{ order: 2, turn_id: 'turn_1', call_id: 'call_ask', questions: [{ question: 'Why?', answer: 'Because.' }] }],
      incomplete: false,
      user_messages: [{ revision: revision(user), order: 0, turn_id: 'turn_1', message_id: 'msg_u', text: 'ask me', complete: true }],
      user_messages_incomplete: false,
      assistant_messages: [{ revision: revision(reply), order: 3, turn_id: 'turn_1', message_id: 'msg_a', text: 'done', complete: true }],
      assistant_messages_incomplete: false,
      next_order: 4,
    });
  });

  it('each family keeps its last 8 records and says when it lost some', () => {
    const { f, meta } = format();
    for (let i = 0; i < 9; i++) meta(userInput(`msg_${i}`, `message ${i}`));
    const snapshot = f.retainedContext() as { user_messages: { order: number }[]; user_messages_incomplete: boolean };
    expect(snapshot.user_messages.map((m) => m.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(snapshot.user_messages_incomplete).toBe(true);
  });

  it('the turn’s input takes its place when accepted, so a compaction before it is written counts it (compaction_preturn)', () => {
    const { f, meta } = format(2);
    f.noteUserInputAccepted();
    f.noteCompacting(true);
    expect(meta(assistant('msg_s', 'summary'))).not.toHaveProperty('user_input_order');
    f.replacementMetadata([]);
    expect(f.retainedContext().next_order).toBe(3);
    expect(meta(userInput('msg_u', 'second')).user_input_order).toBe(2);
    expect(meta(assistant('msg_a', 'answer')).user_input_order).toBe(3);
  });

  it('a reopened thread rebuilds the retained facts from the last compaction and what followed it', () => {
    let offset = 0;
    const record = (line: Record<string, unknown>): RolloutRecord => ({ line: { timestamp: 't', ...line } as unknown as RolloutRecord['line'], lineNo: 0, offset: offset++, length: 1 });
    const old = { revision: 'retained_old', order: 0, turn_id: 't0', message_id: 'msg_old', text: 'old', complete: true };
    const later = userInput('msg_new', 'new');
    const records = [
      record({ ordinal: 0, type: 'compacted', payload: { message: '', retained_context: { verified_answers: [], incomplete: false, user_messages: [old], user_messages_incomplete: false, assistant_messages: [], assistant_messages_incomplete: false, next_order: 2 } } }),
      record({ ordinal: 1, type: 'response_item', payload: later, metadata: { history_sequence: 5, sampled_through_sequence: 3, retained_source: { id: { message_id: 'msg_new', turn_id: 'turn_1', role: 'user' }, revision: 'retained_new', complete: true }, client_authored: false, user_input_order: 2 } }),
      record({ ordinal: 2, type: 'retained_context', payload: { type: 'verified_answer', turn_id: 'turn_1', call_id: 'c', questions: [], acceptance_order: 3 } }),
    ];
    const { formatFacts, inputOrders } = threadRecordsState(records);
    expect(inputOrders.all).toBe(4);
    expect(formatFacts.retained.snapshot(4)).toMatchObject({
      verified_answers: [{ order: 3, turn_id: 'turn_1', call_id: 'c', questions: [] }],
      user_messages: [old, { revision: 'retained_new', order: 2, turn_id: 'turn_1', message_id: 'msg_new', text: 'new', complete: true }],
      next_order: 4,
    });
  });
});
