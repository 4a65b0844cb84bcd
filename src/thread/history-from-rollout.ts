// Resume: the thread's state rebuilt from its rollout records — history (with compactions applied),
// the instructions recorded in session_meta, the last turn's settings and the token totals.
import type { ResponseItem } from '../../protocol/responses-items.js';
import { SessionMeta, TurnContextPayload } from '../../protocol/rollout.js';
import { buildCompactedHistory, userMessageTexts } from '../history/compacted-history.js';
import { RolloutError } from '../errors.js';
import { knownEventOf } from '../rollout/format/known-events.js';
import { compactedOf, historyItemOf, type RolloutRecord } from '../rollout/format/reader.js';
import { parseExact } from '../rollout/cache/schema-verdict.js';
import type { TokenInfo } from '../rollout/format/token-info.js';
import { dropLastUserTurns, rolledBackTurns } from './thread-rollback.js';

export interface RestoredThread {
  readonly meta: SessionMeta;
  readonly history: ResponseItem[];
  readonly lastTurnContext: TurnContextPayload | undefined;
  readonly tokenInfo: TokenInfo | null;
}

/** A rollout without a valid session_meta at its head cannot be resumed; `why` says what line 1 is instead. */
export function noSessionMetaError(file: string, why?: string): RolloutError {
  return new RolloutError(`${file}: does not start with a valid session_meta line${why ? ` (${why})` : ''}`, file);
}

export function historyFromRollout(
  records: readonly RolloutRecord[],
  file: string,
  isRealUserMessage: (item: ResponseItem) => boolean,
  /** Given when `records` start at a checkpoint rather than at the top of the file. */
  knownMeta?: SessionMeta,
): RestoredThread {
  const first = records[0];
  const meta = knownMeta
    ? { success: true as const, data: knownMeta }
    : first?.line.type === 'session_meta'
      ? parseExact(SessionMeta, first.line.payload)
      : undefined;
  if (!meta?.success) throw noSessionMetaError(file);
  let history: ResponseItem[] = [];
  // Only the last turn's settings are needed: the lines are kept, and parsed once, after the loop.
  const turnContexts: unknown[] = [];
  let tokenInfo: TokenInfo | null = null;
  for (const record of knownMeta ? records : records.slice(1)) {
    const line = record.line;
    switch (line.type) {
      case 'response_item': {
        const item = historyItemOf(record, file);
        if (item) history.push(item);
        break;
      }
      case 'compacted': {
        const compacted = compactedOf(record, file);
        history = compacted.replacement_history
          ? [...compacted.replacement_history]
          : buildCompactedHistory([], userMessageTexts(history, isRealUserMessage), compacted.message);
        break;
      }
      case 'turn_context':
        turnContexts.push(line.payload);
        break;
      case 'event_msg': {
        const event = knownEventOf(line);
        if (event?.type === 'token_count' && event.info) tokenInfo = { ...event.info, model_context_window: event.info.model_context_window ?? null };
        const rolledBack = rolledBackTurns(event);
        if (rolledBack !== undefined) history = dropLastUserTurns(history, rolledBack, isRealUserMessage);
        break;
      }
      default:
        // session_meta lines after the first are a fork's copy of its parent's; other line types
        // (newer Codex) carry nothing the history needs.
        break;
    }
  }
  return { meta: meta.data, history, lastTurnContext: lastValid(turnContexts), tokenInfo };
}

function lastValid(turnContexts: readonly unknown[]): TurnContextPayload | undefined {
  for (let i = turnContexts.length - 1; i >= 0; i--) {
    const parsed = parseExact(TurnContextPayload, turnContexts[i]);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}
