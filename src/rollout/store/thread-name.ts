// A thread's user-facing name: recorded in its rollout as a `thread_name_updated` event (the last
// one wins), so it survives restarts and travels with the file.
import type { KnownEventKind } from '../../../protocol/rollout-events.js';
import { ThreadNameUpdatedLine } from '../../../protocol/rollout.js';
import { accepts } from '../cache/schema-verdict.js';
import { knownEventOf } from '../format/known-events.js';
import type { RolloutRecord } from '../format/reader.js';
import { RolloutWriter, type RolloutLineInput } from '../format/writer.js';

export const THREAD_NAME_UPDATED = 'thread_name_updated' satisfies KnownEventKind;

export const threadNameEvent = (threadId: string, name: string): RolloutLineInput => ({
  type: 'event_msg',
  payload: { type: THREAD_NAME_UPDATED, thread_id: threadId, thread_name: name },
});

/** The name the records give the thread, if any. */
export function threadNameOf(records: readonly RolloutRecord[]): string | undefined {
  let name: string | undefined;
  for (const { line } of records) {
    const event = knownEventOf(line);
    if (event?.type === THREAD_NAME_UPDATED && typeof event.thread_name === 'string') name = event.thread_name;
  }
  return name;
}

/** The name one rollout line gives its thread, if it is a valid naming line. */
export function threadNameInLine(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // A torn line: the reader reports it where the thread is opened.
    return undefined;
  }
  return accepts(ThreadNameUpdatedLine, value) ? (value.payload.thread_name ?? undefined) : undefined;
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
