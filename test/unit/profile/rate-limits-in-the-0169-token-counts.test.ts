// A 0.169 rollout's token counts carry the account's rate limits the answers reported (the default
// limit's headers, then a `codex.rate_limits` event in a later answer), credits and plan kept from
// an earlier snapshot that had them, as Codex 0.169 writes them; an answer without the headers
// leaves Codex's empty snapshot.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, textReply, type MockReply, type SseReply } from '../../../scripts/mock-responses-server.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

async function tokenCounts(replies: MockReply[]): Promise<Array<Record<string, unknown>>> {
  harness = await threadHarness((_req, i) => replies[i] ?? textReply('done'), 'compat = "codex-0.169"\nsandbox_mode = "danger-full-access"\napproval_policy = "never"\n');
  const weft = await harness.open();
  const thread = await weft.startThread();
  expect((await thread.run('go')).status).toBe('completed');
  const lines = (await readFile(thread.rolloutPath, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { type: string; payload: Record<string, unknown> });
  await thread.close();
  return lines.filter((l) => l.type === 'event_msg' && l.payload.type === 'token_count' && l.payload.info != null).map((l) => l.payload.rate_limits as Record<string, unknown>);
}

const EMPTY = { limit_id: 'codex', limit_name: null, primary: null, secondary: null, credits: null, individual_limit: null, spend_control_reached: null, plan_type: null, rate_limit_reached_type: null };

describe('rate limits in 0.169 token counts', () => {
  it('from the headers of one answer, then from a codex.rate_limits event of the next (credits kept)', async () => {
    const first = functionCallReply('exec_command', { cmd: 'true' }, 'call_1') as SseReply;
    first.headers = { 'x-codex-primary-used-percent': '42', 'x-codex-primary-window-minutes': '300', 'x-codex-primary-reset-at': '1900000000', 'x-codex-credits-has-credits': 'true', 'x-codex-credits-unlimited': 'false' };
    const second = textReply('done') as SseReply;
    second.sse = [{ type: 'codex.rate_limits', plan_type: 'plus', rate_limits: { primary: { used_percent: 43, window_minutes: 300, reset_at: 1900000000 } } }, ...second.sse];
    const counts = await tokenCounts([first, second]);
    expect(counts).toEqual([
      { ...EMPTY, primary: { used_percent: 42, window_minutes: 300, resets_at: 1900000000 }, credits: { has_credits: true, unlimited: false, balance: null } },
      // The second answer's headers (none) came first, then its event: the event's snapshot, with the credits kept.
      { ...EMPTY, primary: { used_percent: 43, window_minutes: 300, resets_at: 1900000000 }, credits: { has_credits: true, unlimited: false, balance: null }, plan_type: 'plus' },
    ]);
  });

  it('answers without the headers: Codex’s empty snapshot', async () => {
    expect(await tokenCounts([textReply('hi')])).toEqual([EMPTY]);
  });
});
