// What a listing shows of a thread, read from the start of its rollout only: its session_meta and the
// text of its first user message.
import type { SessionMeta } from '../../../protocol/rollout.js';
import { readRolloutPrefix } from './prefix.js';
import { messageKind, messageText } from '../format/user-message-kind.js';

export interface RolloutHead {
  /** The first session_meta of the file (a fork's own, not the copied parent's). */
  sessionMeta?: SessionMeta;
  /** Text of the first user message: the first `user_message` event, else the first real user item. */
  firstUserMessage?: string;
  /** Bytes read from the file. */
  bytesRead: number;
}

/**
 * How many lines a head is looked for in (Codex scans as many records for the first user event).
 * Lines, not bytes: a line of any length (a megabyte of base instructions, a large tool output near
 * the top) is read whole, so a thread never drops out of a listing for the size of its lines.
 */
export const HEAD_LINE_LIMIT = 200;

/**
 * Reads only as much of the start of a rollout as the listing needs: until the session_meta and the
 * first user message are found, the file ends or `maxLines` lines are read (1 when only the
 * session_meta is wanted).
 */
export async function readRolloutHead(path: string, maxLines = HEAD_LINE_LIMIT): Promise<RolloutHead> {
  let sessionMeta: SessionMeta | undefined;
  let firstUserMessage: string | undefined;
  let fallbackPreview: string | undefined;
  const { bytesRead } = await readRolloutPrefix(
    path,
    ({ line }) => {
      if (line.type === 'session_meta') {
        sessionMeta ??= line.payload;
      } else if (line.type === 'event_msg' && line.payload.type === 'user_message') {
        const message = line.payload.message;
        if (typeof message === 'string') firstUserMessage ??= message;
      } else if (line.type === 'response_item' && fallbackPreview === undefined && messageKind(line.payload) === 'user-input') {
        fallbackPreview = messageText(line.payload);
      }
      return firstUserMessage !== undefined;
    },
    // Most heads fit in one such read; a listing reads a thousand of them.
    { maxLines, chunkBytes: 16 * 1024 },
  );
  return {
    ...(sessionMeta ? { sessionMeta } : {}),
    ...((firstUserMessage ?? fallbackPreview) !== undefined ? { firstUserMessage: firstUserMessage ?? fallbackPreview } : {}),
    bytesRead,
  };
}
