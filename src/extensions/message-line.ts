// Extension messages in the rollout: an `event_msg` line of type `weft_extension_message` holding the
// message, written after the item it follows. Readers that do not know the type skip it (Codex keeps
// unknown events for display only). On resume the lines after the last compaction are put back
// after the same items of the restored history.
import type { ResponseItem } from '../../protocol/responses-items.js';
import { EXTENSION_MESSAGE_EVENT } from '../../protocol/rollout-events.js';
import { knownEventOf } from '../rollout/format/known-events.js';
import type { RolloutRecord } from '../rollout/format/reader.js';
import type { RolloutLineInput } from '../rollout/format/writer.js';
import type { ExtensionMessage } from './extension.js';
import type { Anchor } from './message-anchors.js';

export { EXTENSION_MESSAGE_EVENT };

export function extensionMessageLine(message: ExtensionMessage): RolloutLineInput {
  return { type: 'event_msg', payload: { type: EXTENSION_MESSAGE_EVENT, message } };
}

export interface RestoredMessage {
  readonly anchor: Anchor;
  readonly message: ExtensionMessage;
}

/**
 * The extension messages of a reopened thread, anchored in `history` (the history restored from the
 * same records). A line whose message does not parse was reported and skipped by the reader.
 */
export function restoreExtensionMessages(records: readonly RolloutRecord[], history: readonly ResponseItem[]): RestoredMessage[] {
  let itemsSinceReset = 0;
  let found: { after: number; message: ExtensionMessage }[] = [];
  for (const record of records) {
    const line = record.line;
    if (line.type === 'response_item') itemsSinceReset += 1;
    else if (line.type === 'compacted') {
      itemsSinceReset = 0;
      found = [];
    } else {
      const event = knownEventOf(line);
      if (event?.type === EXTENSION_MESSAGE_EVENT) found.push({ after: itemsSinceReset, message: event.message });
    }
  }
  const offset = history.length - itemsSinceReset;
  if (offset < 0) return [];
  return found.map(({ after, message }) => ({ anchor: offset + after > 0 ? (history[offset + after - 1] ?? null) : null, message }));
}
