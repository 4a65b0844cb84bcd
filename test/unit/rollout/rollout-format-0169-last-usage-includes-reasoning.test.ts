// Whether a 0.169 token count's last usage counts the reasoning (`last_usage_includes_reasoning`):
// what the thread noted of the response that reported it, and true for the estimate written after a
// compaction, which stays so until the next response is noted (Codex 0.169's recordings: the
// appserver-0.169 d and compaction_preturn rollouts); a reopened thread starts from its rollout's last
// count (the binary's first count after `exec resume` repeats the flag the rollout ended with).
import { describe, expect, it } from 'vitest';
import { Codex0169RolloutFormat } from '../../../src/profile/codex-0.169/rollout-format.js';
import { codex0169Records } from '../../../src/profile/codex-0.169/records.js';
import type { RolloutLineInput } from '../../../src/rollout/format/writer.js';
import { joinPieces } from '../../../src/bytes/json-pieces.js';
import type { TokenInfo } from '../../../src/rollout/format/token-info.js';

function format(lastUsageIncludesReasoning?: boolean) {
  const f = new Codex0169RolloutFormat({ nextOrdinal: 0, historySequence: 0, nextInputOrder: 0, lastUsageIncludesReasoning }, { threadId: 'th', turnId: () => 'tu', sessionMeta: (p) => p });
  const write = (line: RolloutLineInput) => f.lines({ timestamp: '2026-01-01T00:00:00.000Z', ...line }).map((l) => JSON.parse(joinPieces(l)) as { type: string; payload: { info?: { last_usage_includes_reasoning?: boolean } } });
  const flag = (line: RolloutLineInput): boolean | undefined => write(line).find((l) => l.type === 'event_msg')?.payload.info?.last_usage_includes_reasoning;
  return { f, flag };
}

const usage = { input_tokens: 10, cached_input_tokens: 0, output_tokens: 3, reasoning_output_tokens: 0, total_tokens: 13 };
const info: TokenInfo = { total_token_usage: usage, last_token_usage: usage, model_context_window: 100 };

describe('last_usage_includes_reasoning in 0.169 token counts', () => {
  it('is what the thread noted of the response: true for one that counts reasoning, false otherwise', () => {
    const { f, flag } = format();
    f.noteResponse('resp_1', true);
    expect(flag(codex0169Records.tokenCount(info))).toBe(true);
    f.noteResponse('resp_2', false);
    expect(flag(codex0169Records.tokenCount(info))).toBe(false);
  });

  it('is true for the estimate after a compaction, and stays so until the next response', () => {
    const { f, flag } = format();
    f.noteResponse('resp_1', false);
    expect(flag(f.tokenCount(info, true))).toBe(true);
    // A later count with no new response (a turn stopped before its answer) repeats it.
    expect(flag(f.tokenCount(info))).toBe(true);
    f.noteResponse('resp_2', false);
    expect(flag(codex0169Records.tokenCount(info))).toBe(false);
  });

  it('a reopened thread starts from what its rollout last recorded, until its next response', () => {
    const { f, flag } = format(true);
    expect(flag(f.tokenCount(info))).toBe(true);
    f.noteResponse('resp_1', false);
    expect(flag(codex0169Records.tokenCount(info))).toBe(false);
    // A thread whose rollout says nothing of it (new, or written by 0.98): false.
    const fresh = format();
    expect(fresh.flag(fresh.f.tokenCount(info))).toBe(false);
  });
});
