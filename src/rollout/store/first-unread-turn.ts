// The first turn a rollout records as a result needing attention: where a thread's unread activity
// starts when nobody marked it read. Codex 0.169 counts a completed turn (`task_complete`) only when
// the thread went idle after it: a turn whose goal went straight on into a continuation turn (the
// next `task_started` triggered by `goal`) is part of that work, not a result of its own, so the
// first unread turn of a goal worked on over several turns is the one that ended it. Read line by
// line, stopping once a turn is known to count.
import { createReadStream } from 'node:fs';
import { nodeReadline } from '../../node-builtins.js';

type Line = { type?: unknown; payload?: { type?: unknown; turn_id?: unknown; turn_attribution?: { turn_trigger?: unknown } } };

export async function firstUnreadTurnId(rolloutPath: string): Promise<string | undefined> {
  const lines = nodeReadline().createInterface({ input: createReadStream(rolloutPath, { encoding: 'utf8' }), crlfDelay: Infinity });
  let completed: string | undefined;
  try {
    for await (const raw of lines) {
      if (!raw.includes('"task_complete"') && !raw.includes('"task_started"')) continue;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        continue; // A torn last line is no turn boundary.
      }
      if (line.type !== 'event_msg') continue;
      if (line.payload?.type === 'task_complete' && typeof line.payload.turn_id === 'string') completed = line.payload.turn_id;
      else if (line.payload?.type === 'task_started' && completed !== undefined) {
        if (line.payload.turn_attribution?.turn_trigger !== 'goal') return completed;
        completed = undefined;
      }
    }
    return completed;
  } finally {
    lines.close();
  }
}
