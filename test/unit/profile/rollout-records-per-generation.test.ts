import { describe, expect, it } from 'vitest';
import { codex098Records } from '../../../src/profile/codex-0.98/records.js';
import { codex0169Records } from '../../../src/profile/codex-0.169/records.js';
import { Codex0169RolloutFormat } from '../../../src/profile/codex-0.169/rollout-format.js';
import { applyLine, type ThreadRow } from '../../../src/rollout/state-db/thread-row.js';
import type { TokenInfo } from '../../../src/rollout/format/token-info.js';
import { joinPieces } from '../../../src/bytes/json-pieces.js';
import { syntheticModel, turnSettings } from '../../support/packs.js';

const usage = { input_tokens: 10, cached_input_tokens: 2, output_tokens: 3, reasoning_output_tokens: 0, total_tokens: 13 };
const info: TokenInfo = { total_token_usage: usage, last_token_usage: usage, model_context_window: 100 };
const settings = turnSettings(syntheticModel({ slug: 'gpt-test' }), { reasoningEffort: 'high' });

describe('each generation records what the turn loop reports in its own lines', () => {
  it('codex-0.98 writes the turn settings with the pragmatic personality when none is configured', () => {
    const line = codex098Records.turnContext(settings);
    expect(line.type).toBe('turn_context');
    expect(line.payload).toMatchObject({ cwd: '/repo', approval_policy: 'on-request', model: 'gpt-test', personality: 'pragmatic', effort: 'high', summary: 'auto' });
  });

  it('codex-0.98 writes its display events and token counts in its own shapes', () => {
    expect(codex098Records.userMessage('hi', ['data:image/png;base64,AA']).payload).toEqual({
      type: 'user_message',
      message: 'hi',
      images: ['data:image/png;base64,AA'],
      local_images: [],
      text_elements: [],
    });
    expect(codex098Records.tokenCount(info).payload).toEqual({
      type: 'token_count',
      info,
      rate_limits: { primary: null, secondary: null, credits: null, plan_type: null },
    });
    expect(codex098Records.compacted('summary', []).payload).toEqual({ message: 'summary', replacement_history: [] });
  });

  it("codex-0.169's sampling mark is not written, yet gives the thread index the turn's model, effort and policies", () => {
    const format = new Codex0169RolloutFormat({ nextOrdinal: 0, historySequence: 0, nextInputOrder: 0 }, { threadId: 'th', turnId: () => 'tu', sessionMeta: (p) => p });
    const mark = codex0169Records.turnContext(settings);
    expect(format.lines(mark)).toEqual([]);
    const row = { model: null, reasoning_effort: null, approval_mode: '', sandbox_policy: '', updated_at_ms: 0 } as unknown as ThreadRow;
    const indexed = applyLine(row, mark, 1);
    expect(indexed).toMatchObject({ model: 'gpt-test', reasoning_effort: 'high', approval_mode: 'on-request', sandbox_policy: JSON.stringify({ type: 'read-only' }) });
    // The same row as the whole turn_context gave it before the generations had lines of their own.
    expect(indexed).toEqual(applyLine(row, codex098Records.turnContext(settings), 1));
  });

  it("codex-0.169's user message, answer and token count are written as Codex 0.169 writes them", () => {
    const format = new Codex0169RolloutFormat({ nextOrdinal: 0, historySequence: 0, nextInputOrder: 0 }, { threadId: 'th', turnId: () => 'tu', sessionMeta: (p) => p });
    const written = (line: ReturnType<typeof codex0169Records.userMessage>) => format.lines(line).map((pieces) => JSON.parse(joinPieces(pieces)) as { type: string; payload: Record<string, unknown> });
    expect(written(codex0169Records.userMessage('hi'))[0]?.payload).toMatchObject({ type: 'item_completed', item: { type: 'UserMessage', content: [{ type: 'text', text: 'hi' }] } });
    format.noteModelItem({ type: 'message', id: 'msg_1' });
    expect(written(codex0169Records.agentMessage('yo'))[0]?.payload).toMatchObject({ type: 'item_completed', item: { type: 'AgentMessage', id: 'msg_1' } });
    format.noteTurnStarted();
    const counted = written(codex0169Records.tokenCount(info));
    expect(counted.map((l) => l.type)).toEqual(['token_usage_record', 'event_msg']);
    // No answer reported rate limits (a WebSocket answer never does): none, as Codex writes it.
    expect(counted[1]?.payload).toMatchObject({ type: 'token_count', rate_limits: null });
  });
});
