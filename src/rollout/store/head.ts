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
  /** Bytes read from the file; never more than `maxBytes` plus one chunk boundary. */
  bytesRead: number;
}

/**
 * Reads only as much of the start of a rollout as the listing needs: until the session_meta and the
 * first user message are found, the file ends or `maxBytes` are read. The default allows for a
 * session_meta carrying long base instructions and a large AGENTS.md.
 */
export async function readRolloutHead(path: string, maxBytes = 1024 * 1024): Promise<RolloutHead> {
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
    { maxBytes, chunkBytes: 16 * 1024 },
  );
  return {
    ...(sessionMeta ? { sessionMeta } : {}),
    ...((firstUserMessage ?? fallbackPreview) !== undefined ? { firstUserMessage: firstUserMessage ?? fallbackPreview } : {}),
    bytesRead,
  };
}
