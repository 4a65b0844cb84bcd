// Codex 0.98 records an apply_patch result as JSON and sends the model its framed text. That quirk is
// the profile's (ProfileThread.requestHistory), not the turn loop's: a codex-0.98 thread sends such a
// recorded result framed by the pack, and leaves every other output as it is.
import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { codex098Profile } from '../../../src/profile/codex-0.98/profile.js';

const call = (callId: string, name: string): ResponseItem => ({ type: 'custom_tool_call', call_id: callId, name, input: '*** Begin Patch\n*** End Patch' }) as ResponseItem;
const output = (callId: string, text: string): ResponseItem => ({ type: 'custom_tool_call_output', call_id: callId, output: text }) as ResponseItem;

describe('a codex-0.98 thread’s request history', () => {
  it('frames a recorded apply_patch JSON result with the pack, and leaves other outputs as recorded', async () => {
    const pack = await codex098Profile.loadPack(codex098Profile.weftPack);
    const thread = await codex098Profile.openThread({} as never);
    const recorded = JSON.stringify({ output: 'Success. Updated the following files:\nM a.txt\n', metadata: { exit_code: 0, duration_seconds: 0.25 } });
    const items = [
      call('p1', 'apply_patch'),
      output('p1', recorded),
      call('p2', 'apply_patch'),
      output('p2', 'plain text result'),
      call('o1', 'other_tool'),
      output('o1', recorded),
    ];
    const sent = thread.requestHistory(items, pack);
    const framed = pack.render('tool_output/apply_patch.md', { exit_code: '0', wall_time_seconds: '0.25', output: 'Success. Updated the following files:\nM a.txt\n' });
    expect(sent[1]).toEqual(output('p1', framed));
    expect(sent.filter((_, i) => i !== 1)).toEqual(items.filter((_, i) => i !== 1));
    // The history itself is not changed.
    expect(items[1]).toEqual(output('p1', recorded));
  });
});
