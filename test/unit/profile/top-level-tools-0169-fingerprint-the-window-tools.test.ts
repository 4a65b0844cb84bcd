// A code-mode window's world_state fingerprints the tools its additional_tools item offers, as the
// real Codex 0.169 recorded them (model_switch: the window rebuilt for gpt-5.6-sol by a compaction).
import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { topLevelTools } from '../../../src/profile/codex-0.169/top-level-tools.js';
import { recordedRollout } from '../../support/codex-0169.js';

describe('top_level_tools (codex-0.169)', () => {
  it("is the recorded fingerprint of each namespace and each of its tools, in key order", () => {
    const lines = recordedRollout('model_switch');
    const at = lines.findIndex((l) => l.type === 'world_state' && 'top_level_tools' in ((l.payload as { state: object }).state ?? {}));
    expect(at).toBeGreaterThan(0);
    const recorded = (lines[at]?.payload as { state: { top_level_tools: Record<string, string> } }).state.top_level_tools;
    // The window the compaction left (its replacement history) and the items after it.
    const window = lines.slice(0, at).flatMap((l) =>
      l.type === 'compacted' ? ((l.payload as { replacement_history?: ResponseItem[] }).replacement_history ?? []) : l.type === 'response_item' ? [l.payload as ResponseItem] : [],
    );
    const offered = window.filter((item) => item.type === 'additional_tools').slice(-1);
    const mine = topLevelTools(offered);
    expect(mine).toEqual(recorded);
    expect(Object.keys(mine ?? {})).toEqual(Object.keys(recorded));
  });

  it('is absent when the window offers no tools item', () => {
    expect(topLevelTools([{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }])).toBeUndefined();
  });
});
