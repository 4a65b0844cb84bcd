// What Codex 0.169 writes in a parent's rollout when one of its agents acts: a `SubAgentActivity`
// item of the running turn, written while the call that caused it runs (after the response's usage
// record, before the call's output and the response's token count).
import { describe, expect, it } from 'vitest';
import { codex098Records } from '../../../src/profile/codex-0.98/records.js';
import { codex0169Records } from '../../../src/profile/codex-0.169/records.js';
import { Codex0169RolloutFormat } from '../../../src/profile/codex-0.169/rollout-format.js';
import { responseItemLine } from '../../../src/rollout/format/records.js';
import type { RolloutLineInput } from '../../../src/rollout/format/writer.js';
import type { TokenInfo } from '../../../src/rollout/format/token-info.js';
import { joinPieces } from '../../../src/bytes/json-pieces.js';

const usage = { input_tokens: 10, cached_input_tokens: 2, output_tokens: 3, reasoning_output_tokens: 0, total_tokens: 13 };
const info: TokenInfo = { total_token_usage: usage, last_token_usage: usage, model_context_window: 100 };

function parent() {
  const f = new Codex0169RolloutFormat({ nextOrdinal: 0, historySequence: 0, nextInputOrder: 0 }, { threadId: 'parent', turnId: () => 'turn_p', sessionMeta: (p) => p });
  return (line: RolloutLineInput) => f.lines(line).map((l) => JSON.parse(joinPieces(l)) as { type: string; payload: Record<string, unknown> });
}

const started = { kind: 'started', id: 'call_spawn', agentThreadId: 'child', agentPath: '/root/alpha', model: 'gpt-test', reasoningEffort: 'medium' } as const;

describe("a parent's rollout under codex-0.169 records its agents' activity", () => {
  it('a spawn is a SubAgentActivity item of the running turn, keys in Codex order', () => {
    const write = parent();
    const [line] = write(codex0169Records.subAgentActivity?.(started) as RolloutLineInput);
    expect(line?.payload).toMatchObject({ type: 'item_completed', thread_id: 'parent', turn_id: 'turn_p' });
    const item = line?.payload.item as Record<string, unknown>;
    expect(Object.keys(item)).toEqual(['type', 'model', 'reasoning_effort', 'id', 'kind', 'agent_thread_id', 'agent_path']);
    expect(item).toEqual({ type: 'SubAgentActivity', model: 'gpt-test', reasoning_effort: 'medium', id: 'call_spawn', kind: 'started', agent_thread_id: 'child', agent_path: '/root/alpha' });
  });

  it('written between the calling response’s usage record and the call’s output; its token count after the output', () => {
    const write = parent();
    const lines = [
      ...write(responseItemLine({ type: 'function_call', name: 'spawn_agent', arguments: '{}', call_id: 'call_spawn' })),
      ...write(codex0169Records.tokenCount(info)),
      ...write(codex0169Records.subAgentActivity?.({ ...started, kind: 'completed', id: 'subagent-completed-t1', model: null, reasoningEffort: null }) as RolloutLineInput),
      ...write(responseItemLine({ type: 'function_call_output', call_id: 'call_spawn', output: 'ok' })),
    ];
    const kinds = lines.map((l) => (l.type === 'event_msg' ? String(l.payload.type) : l.type === 'response_item' ? String(l.payload.type) : l.type));
    expect(kinds).toEqual(['function_call', 'token_usage_record', 'item_completed', 'function_call_output', 'token_count']);
    expect(lines[2]?.payload.item).toMatchObject({ type: 'SubAgentActivity', kind: 'completed', model: null, reasoning_effort: null });
  });

  it('codex-0.98 records no such line', () => {
    expect(codex098Records.subAgentActivity).toBeUndefined();
  });
});
