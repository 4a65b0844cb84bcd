import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { historyFromRollout } from '../../../src/thread/history-from-rollout.js';
import { readRollout } from '../../../src/rollout/format/reader.js';
import { threadRecordsState } from '../../../src/profile/codex-0.169/thread-records.js';
import { CODEX_0169_DIR, recordedRollout } from '../../support/codex-0169.js';

const scenarios = readdirSync(`${CODEX_0169_DIR}scenarios`);
const rolloutFile = (s: string, k = 1) => `${CODEX_0169_DIR}scenarios/${s}/rollouts/${k}.jsonl`;
const isUser = (item: ResponseItem) => item.type === 'message' && item.role === 'user';

describe('reading codex-0.169 rollouts', () => {
  it('keeps every line of every recorded rollout, world_state and token_usage_record included, without a warning', async () => {
    for (const s of scenarios) {
      const warnings: string[] = [];
      const records = await readRollout(rolloutFile(s), { onWarning: (w) => warnings.push(w) });
      expect(warnings, s).toEqual([]);
      expect(records.length, s).toBe(recordedRollout(s).length);
    }
  });

  it('rebuilds the history with ids, statuses and per-item metadata as recorded', async () => {
    const records = await readRollout(rolloutFile('resume'));
    const { history } = historyFromRollout(records, 'resume', isUser);
    const recorded = recordedRollout('resume')
      .filter((l) => l.type === 'response_item')
      .map((l) => l.payload);
    expect(JSON.stringify(history)).toBe(JSON.stringify(recorded));
  });

  it('after a compaction the history is the replacement, summary included', async () => {
    const records = await readRollout(rolloutFile('compaction_preturn'));
    const { history } = historyFromRollout(records, 'compaction_preturn', isUser);
    const texts = history.map((i) => (i.type === 'message' ? (i.content[0]?.type === 'input_text' ? i.content[0].text.slice(0, 20) : 'output') : i.type));
    expect(texts).toEqual(['<skills_instructions', '<environment_context', 'First prompt.', 'Another language mod', 'Second prompt after ', 'output']);
  });

  it('tells where the thread stands: next ordinal, history sequence, window, multi-agent version, last usage flag', async () => {
    const state = threadRecordsState(await readRollout(rolloutFile('compaction_preturn')));
    expect(state).toMatchObject({ nextOrdinal: 33, historySequence: 10, windowNumber: 1, contextWindowId: '{{ID13}}', multiAgentVersion: 'v1', lastModel: 'gpt-5.5' });
    // The last token count's flag: false there (a gpt-5.5 answer), true where a gpt-5.6-sol answer ends it.
    expect(state.lastUsageIncludesReasoning).toBe(false);
    expect(threadRecordsState(await readRollout(rolloutFile('model_switch'))).lastUsageIncludesReasoning).toBe(true);
    const fork = threadRecordsState(await readRollout(rolloutFile('fork', 2)));
    expect(fork).toMatchObject({ nextOrdinal: 26, forkedFrom: { threadId: '{{THREAD_ID}}', ordinalExclusive: 14 } });
  });
});
