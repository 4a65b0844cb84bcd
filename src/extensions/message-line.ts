// Extension messages in the rollout: an `event_msg` line of type `weft_extension_message` holding the
// message, written after the item it follows. Readers that do not know the type skip it (Codex keeps
// unknown events for display only). On resume the lines after the last compaction are put back
// after the same items of the restored history.
import { z } from 'zod';
import { ContentPart, type ResponseItem } from '../../protocol/responses-items.js';
import type { RolloutRecord } from '../rollout/reader.js';
import type { RolloutLineInput } from '../rollout/writer.js';
import type { ExtensionMessage } from './extension.js';
import type { Anchor } from './message-anchors.js';

export const EXTENSION_MESSAGE_EVENT = 'weft_extension_message';

const StoredExtensionMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('extension_message'),
    customType: z.string(),
    content: z.union([z.string(), z.array(ContentPart)]),
    display: z.boolean().optional(),
    details: z.unknown().optional(),
  }),
  z.object({ type: z.literal('compaction_summary_message'), summary: z.string() }),
  z.object({ type: z.literal('branch_summary_message'), summary: z.string() }),
]);

const StoredLinePayload = z.object({ type: z.literal(EXTENSION_MESSAGE_EVENT), message: StoredExtensionMessage });

export function extensionMessageLine(message: ExtensionMessage): RolloutLineInput {
  return { type: 'event_msg', payload: { type: EXTENSION_MESSAGE_EVENT, message } };
}

export interface RestoredMessage {
  readonly anchor: Anchor;
  readonly message: ExtensionMessage;
}

/**
 * The extension messages of a reopened thread, anchored in `history` (the history restored from the
 * same records). A line that does not parse is reported through `warn` and skipped.
 */
export function restoreExtensionMessages(
  records: readonly RolloutRecord[],
  history: readonly ResponseItem[],
  warn: (message: string) => void,
): RestoredMessage[] {
  let itemsSinceReset = 0;
  let found: { after: number; message: ExtensionMessage }[] = [];
  for (const record of records) {
    const line = record.line;
    if (line.type === 'response_item') itemsSinceReset += 1;
    else if (line.type === 'compacted') {
      itemsSinceReset = 0;
      found = [];
    } else if (line.type === 'event_msg' && line.payload.type === EXTENSION_MESSAGE_EVENT) {
      const parsed = StoredLinePayload.safeParse(line.payload);
      if (parsed.success) found.push({ after: itemsSinceReset, message: parsed.data.message });
      else warn(`line ${record.lineNo}: ${EXTENSION_MESSAGE_EVENT} skipped: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    }
  }
  const offset = history.length - itemsSinceReset;
  if (offset < 0) return [];
  return found.map(({ after, message }) => ({ anchor: offset + after > 0 ? (history[offset + after - 1] ?? null) : null, message }));
}
