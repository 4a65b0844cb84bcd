// What a thread's lines tell its listing row: the session_meta (who, where, when), the first user
// message (the preview, as a file listing reads it from the head), the name (the last
// thread_name_updated), and whether the bytes end mid-line. Read from the lines as they are stored,
// so appends and imports fill the same indexed columns.
import { SessionMeta } from '../../../protocol/rollout.js';
import { messageKind, messageText } from '../format/user-message-kind.js';
import { threadNameInLine } from '../store/thread-name.js';

export interface LineFacts {
  sessionMeta?: SessionMeta;
  /** The first `user_message` event's text. */
  preview?: string;
  /** The first real user item's text (shown when no user_message event is there). */
  fallbackPreview?: string;
  /** The last name given. */
  name?: string;
  /** The timestamp of the last line (the thread's update time). */
  lastTimestamp?: string;
}

/** Lines longer than this are not parsed for facts (a session_meta, a user message is far shorter). */
const FACT_LINE_BYTES = 4 * 1024 * 1024;

/** Facts of `lines` (each a line's bytes, its `\n` included), `known` telling which are already had. */
export function lineFacts(lines: readonly Buffer[], known: { sessionMeta: boolean; preview: boolean; fallbackPreview: boolean }): LineFacts {
  const facts: LineFacts = {};
  for (const bytes of lines) {
    if (bytes.length > FACT_LINE_BYTES) continue;
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch {
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const { type, payload, timestamp } = value as { type?: unknown; payload?: unknown; timestamp?: unknown };
    if (typeof timestamp === 'string') facts.lastTimestamp = timestamp;
    if (type === 'session_meta' && !known.sessionMeta && facts.sessionMeta === undefined) {
      const meta = SessionMeta.safeParse(payload);
      if (meta.success) facts.sessionMeta = meta.data;
    } else if (type === 'event_msg' && isRecord(payload) && payload.type === 'user_message') {
      if (!known.preview && facts.preview === undefined && typeof payload.message === 'string') facts.preview = payload.message;
    } else if (type === 'event_msg') {
      const name = threadNameInLine(bytes.toString('utf8'));
      if (name !== undefined) facts.name = name;
    } else if (type === 'response_item' && !known.fallbackPreview && facts.fallbackPreview === undefined && messageKind(payload) === 'user-input') {
      facts.fallbackPreview = messageText(payload);
    }
  }
  return facts;
}

/** Splits bytes into lines, each with its `\n`; the last one lacks it when the bytes end mid-line. */
export function splitLines(bytes: Buffer, from = 0): Buffer[] {
  const out: Buffer[] = [];
  let start = from;
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl === -1 ? bytes.length : nl + 1;
    out.push(bytes.subarray(start, end));
    start = end;
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
