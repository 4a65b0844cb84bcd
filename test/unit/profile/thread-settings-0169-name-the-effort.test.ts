// Codex 0.169's `thread_settings_applied` names the reasoning effort the thread runs with whenever one
// is set (by config, a turn or a collaboration mode), after the workspace roots and before the
// summary; with none set, the key is absent (the model's default applies).
import { describe, expect, it } from 'vitest';
import { Codex0169RolloutFormat } from '../../../src/profile/codex-0.169/rollout-format.js';
import { turnLines } from '../../../src/profile/codex-0.169/turn-lines.js';
import { syntheticModel, turnSettings } from '../../support/packs.js';

const lines = turnLines(new Codex0169RolloutFormat({ nextOrdinal: 0, historySequence: 0, nextInputOrder: 0 }, { threadId: 'th', turnId: () => 'tu', sessionMeta: (p) => p }));
const settingsOf = (line: { payload: unknown }) => (line.payload as { thread_settings: Record<string, unknown> }).thread_settings;

describe('thread_settings_applied under codex-0.169', () => {
  it('names a set effort between the workspace roots and the chosen summary', () => {
    const s = settingsOf(lines.settingsApplied('th', turnSettings(syntheticModel(), { reasoningEffort: 'medium', chosenReasoningSummary: 'none' }), 'mock'));
    expect(s.reasoning_effort).toBe('medium');
    const keys = Object.keys(s);
    expect(keys.slice(keys.indexOf('runtime_workspace_roots'), keys.indexOf('runtime_workspace_roots') + 3)).toEqual(['runtime_workspace_roots', 'reasoning_effort', 'reasoning_summary']);
  });

  it('leaves the effort out when none is set', () => {
    const s = settingsOf(lines.settingsApplied('th', turnSettings(syntheticModel(), { reasoningEffort: undefined }), 'mock'));
    expect('reasoning_effort' in s).toBe(false);
  });
});
