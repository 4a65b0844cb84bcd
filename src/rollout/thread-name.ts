// A thread's user-facing name: recorded in its rollout as a `thread_name_updated` event (the last
// one wins), so it survives restarts and travels with the file.
import type { RolloutRecord } from './reader.js';
import { RolloutWriter, type RolloutLineInput } from './writer.js';

export const THREAD_NAME_UPDATED = 'thread_name_updated';

export const threadNameEvent = (threadId: string, name: string): RolloutLineInput => ({
  type: 'event_msg',
  payload: { type: THREAD_NAME_UPDATED, thread_id: threadId, thread_name: name },
});

/** The name the records give the thread, if any. */
export function threadNameOf(records: readonly RolloutRecord[]): string | undefined {
  let name: string | undefined;
  for (const { line } of records) {
    if (line.type !== 'event_msg') continue;
    const p = line.payload as { type?: unknown; thread_name?: unknown };
    if (p.type === THREAD_NAME_UPDATED && typeof p.thread_name === 'string') name = p.thread_name;
  }
  return name;
}

/** Names a thread that is not open in this process (an open one writes through its own writer). */
export async function nameStoredThread(rolloutPath: string, threadId: string, name: string): Promise<void> {
  const writer = await RolloutWriter.open(rolloutPath);
  try {
    await writer.append(threadNameEvent(threadId, name));
  } finally {
    await writer.close();
  }
}
