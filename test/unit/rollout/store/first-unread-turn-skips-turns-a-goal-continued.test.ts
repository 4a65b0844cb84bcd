// Where a thread's unread activity starts (the read receipt's `firstUnread`), read from its rollout
// as the real Codex 0.169 reports it (checked against the binary on a goal worked on over three
// turns): the first completed turn the thread went idle after. A turn whose goal went straight on
// into a continuation turn is part of that work, so it is skipped; a turn the user started next does
// not take its place.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { firstUnreadTurnId } from '../../../../src/rollout/store/first-unread-turn.js';
import { removeTempDirs, tempDir } from '../../../support/temp-tree.js';

afterEach(removeTempDirs);

const started = (id: string, trigger: string | null): string => JSON.stringify({ timestamp: 't', type: 'event_msg', payload: { type: 'task_started', turn_attribution: { turn_id: id, turn_trigger: trigger }, turn_id: id } });
const completed = (id: string): string => JSON.stringify({ timestamp: 't', type: 'event_msg', payload: { type: 'task_complete', turn_id: id, last_agent_message: 'x' } });

async function rollout(lines: string[]): Promise<string> {
  const path = join(await tempDir('weft-unread-'), 'rollout.jsonl');
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

it('skips the turns a goal continued and names the one that ended the work', async () => {
  const path = await rollout([started('t1', 'goal'), completed('t1'), started('t2', 'goal'), completed('t2'), started('t3', 'goal'), completed('t3')]);
  expect(await firstUnreadTurnId(path)).toBe('t3');
});

it('keeps the first completed turn when the user starts the next', async () => {
  const path = await rollout([started('t1', null), completed('t1'), started('t2', null), completed('t2')]);
  expect(await firstUnreadTurnId(path)).toBe('t1');
});

it('is none before any turn completed, and a torn last line changes nothing', async () => {
  expect(await firstUnreadTurnId(await rollout([started('t1', null)]))).toBeUndefined();
  expect(await firstUnreadTurnId(await rollout([started('t1', null), completed('t1'), '{"type":"event_msg","payload":{"type":"task_sta']))).toBe('t1');
});
