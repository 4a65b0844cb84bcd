import { describe, expect, it } from 'vitest';
import { Codex0169RolloutFormat } from '../../../src/profile/codex-0.169/rollout-format.js';
import { responseItemLine } from '../../../src/rollout/format/records.js';
import { codex0169Records } from '../../../src/profile/codex-0.169/records.js';
import type { RolloutLineInput } from '../../../src/rollout/format/writer.js';
import { joinPieces } from '../../../src/bytes/json-pieces.js';
import type { TokenInfo } from '../../../src/rollout/format/token-info.js';

const { agentMessage: agentMessageEvent, tokenCount: tokenCountEvent, userMessage: userMessageEvent } = codex0169Records;

function format(nextOrdinal = 0) {
  const state = { nextOrdinal, historySequence: 0, nextInputOrder: 0 };
  const f = new Codex0169RolloutFormat(state, { threadId: 'th', turnId: () => 'tu', sessionMeta: (p) => ({ rewritten: p }) });
  const write = (line: RolloutLineInput) => f.lines({ timestamp: '2026-01-01T00:00:00.000Z', ...line }).map((l) => JSON.parse(joinPieces(l)) as Record<string, unknown>);
  return { f, state, write };
}

const usage = { input_tokens: 10, cached_input_tokens: 2, output_tokens: 3, reasoning_output_tokens: 0, total_tokens: 13 };
const info: TokenInfo = { total_token_usage: usage, last_token_usage: usage, model_context_window: 100 };

describe('the codex-0.169 rollout format', () => {
  it('puts an ordinal on every line, after the timestamp, continuing from where the thread stands', () => {
    const { write } = format(14);
    const [line] = write(userMessageEvent('hi'));
    expect(Object.keys(line ?? {})).toEqual(['timestamp', 'ordinal', 'type', 'payload']);
    expect(line?.ordinal).toBe(14);
    expect(write(userMessageEvent('again'))[0]?.ordinal).toBe(15);
  });

  it('gives response items metadata: their place in the history and the last sampled item', () => {
    const { write } = format();
    const item = { type: 'message' as const, role: 'user' as const, content: [{ type: 'input_text' as const, text: 'a' }] };
    // The first item the session writes is attributed: no MCP source.
    expect(write(responseItemLine(item))[0]?.metadata).toEqual({ history_sequence: 1, sampled_through_sequence: 0, client_authored: false, mcp_attribution: { status: 'none' } });
    expect(write(responseItemLine(item))[0]?.metadata).toEqual({ history_sequence: 2, sampled_through_sequence: 0, client_authored: false });
  });

  it('a sampling request (0.98 turn_context + token count) writes nothing; the items after its answer say what was sampled', () => {
    const { f, write } = format();
    const item = { type: 'message' as const, role: 'user' as const, content: [{ type: 'input_text' as const, text: 'a' }] };
    const answer = { type: 'message' as const, id: 'msg_a', role: 'assistant' as const, content: [{ type: 'output_text' as const, text: 'b' }] };
    write(responseItemLine(item));
    expect(write({ type: 'turn_context', payload: {} })).toEqual([]);
    expect(write(tokenCountEvent(null))).toEqual([]);
    // Input written before the response answers (a steer that cut it) was not sampled yet.
    expect(write(responseItemLine(item))[0]?.metadata).toMatchObject({ history_sequence: 2, sampled_through_sequence: 0 });
    write({ type: 'turn_context', payload: {} });
    write(tokenCountEvent(null));
    f.noteModelItem(answer);
    expect(write(responseItemLine(answer))[0]?.metadata).toMatchObject({ history_sequence: 3, sampled_through_sequence: 2 });
  });

  it('a response usage becomes a token_usage_record and a token_count in 0.169 shape', () => {
    const { f, write } = format();
    f.noteTurnStarted();
    f.noteResponse('resp_1', false);
    f.noteRateLimits({ limit_id: 'codex', limit_name: null, primary: null, secondary: null, credits: null, plan_type: null });
    const lines = write(tokenCountEvent(info));
    expect(lines.map((l) => l.type)).toEqual(['token_usage_record', 'event_msg']);
    expect(lines[0]?.payload).toMatchObject({ thread_id: 'th', turn_id: 'tu', response_id: 'resp_1', usage: { cache_write_input_tokens: 0, total_tokens: 13 } });
    expect(lines[1]?.payload).toMatchObject({ type: 'token_count', info: { last_usage_includes_reasoning: false, model_context_window: 100 }, rate_limits: { limit_id: 'codex' } });
  });

  it('display events become item_completed events naming the item', () => {
    const { f, write } = format();
    expect(write(userMessageEvent('hi'))[0]?.payload).toMatchObject({ type: 'item_completed', item: { type: 'UserMessage', content: [{ type: 'text', text: 'hi' }] } });
    f.noteModelItem({ type: 'message', id: 'msg_9' });
    expect(write(agentMessageEvent('yo'))[0]?.payload).toMatchObject({ type: 'item_completed', item: { type: 'AgentMessage', id: 'msg_9' } });
  });

  it('lines the thread built in 0.169 vocabulary pass through; session_meta is rewritten', () => {
    const { f, write } = format();
    // The very line object the thread built (a copy would be translated like any 0.98 line).
    const [native] = f.lines(f.native('turn_context', { turn_id: 'tu' })).map((l) => JSON.parse(joinPieces(l)) as Record<string, unknown>);
    expect(native).toMatchObject({ type: 'turn_context', payload: { turn_id: 'tu' } });
    expect(write({ type: 'session_meta', payload: { id: 'x' } })[0]?.payload).toEqual({ rewritten: { id: 'x' } });
  });
});
