// The first turn a rollout records as completed (`task_complete`'s `turn_id`): where a thread's
// unread activity starts when nobody marked it read. Read line by line, stopping at the first one.
import { createReadStream } from 'node:fs';
import { nodeReadline } from '../../node-builtins.js';

export async function firstCompletedTurnId(rolloutPath: string): Promise<string | undefined> {
  const lines = nodeReadline().createInterface({ input: createReadStream(rolloutPath, { encoding: 'utf8' }), crlfDelay: Infinity });
  try {
    for await (const raw of lines) {
      if (!raw.includes('"task_complete"')) continue;
      try {
        const line = JSON.parse(raw) as { type?: unknown; payload?: { type?: unknown; turn_id?: unknown } };
        if (line.type === 'event_msg' && line.payload?.type === 'task_complete' && typeof line.payload.turn_id === 'string') return line.payload.turn_id;
      } catch {
        // A torn last line is not a completed turn.
      }
    }
    return undefined;
  } finally {
    lines.close();
  }
}
