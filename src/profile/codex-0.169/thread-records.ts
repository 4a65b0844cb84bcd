// What a reopened codex-0.169 thread needs from its rollout besides the history: where its line
// numbering and history numbering stand, which context window it is in, which multi-agent version it
// was created with, and what it was forked from. Reads rollouts of either generation (0.98 lines have
// no ordinals: their position counts).
import type { RolloutRecord } from '../../rollout/format/reader.js';

export interface ThreadRecordsState {
  readonly nextOrdinal: number;
  readonly historySequence: number;
  readonly windowNumber: number;
  /** The current context window's id, when the rollout names one. */
  readonly contextWindowId: string | undefined;
  readonly multiAgentVersion: string | undefined;
  readonly forkedFrom: { readonly threadId: string; readonly ordinalExclusive: number } | undefined;
  /** The model of the last turn, as recorded. */
  readonly lastModel: string | undefined;
  /** Whether the last token count's usage counted the reasoning (Codex restores it with the counts). */
  readonly lastUsageIncludesReasoning: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);


export function threadRecordsState(records: readonly RolloutRecord[]): ThreadRecordsState {
  let nextOrdinal = 0;
  let historySequence = 0;
  let windowNumber = 0;
  let contextWindowId: string | undefined;
  let multiAgentVersion: string | undefined;
  let lastModel: string | undefined;
  let lastUsageIncludesReasoning = false;
  let forkedFrom: ThreadRecordsState['forkedFrom'];
  let first = true;
  for (const record of records) {
    const ordinal = num(record.line.ordinal);
    nextOrdinal = ordinal !== undefined ? Math.max(nextOrdinal, ordinal + 1) : nextOrdinal + 1;
    const metadata = record.line.metadata;
    if (metadata) historySequence = Math.max(historySequence, num(metadata.history_sequence) ?? 0);
    const payload: unknown = record.line.payload;
    if (!isObj(payload)) continue;
    switch (record.line.type) {
      case 'session_meta': {
        // The first session_meta is the thread's own; a paginated fork puts its parent's lines after it.
        if (first) {
          const from = str(payload.forked_from_id);
          const until = num(payload.forked_from_ordinal_exclusive);
          if (from !== undefined && until !== undefined) forkedFrom = { threadId: from, ordinalExclusive: until };
          multiAgentVersion = str(payload.multi_agent_version) ?? multiAgentVersion;
        }
        // The window of the root thread's meta stays current until a compaction opens another one.
        const window = isObj(payload.context_window) ? str(payload.context_window.window_id) : undefined;
        if (contextWindowId === undefined || (!first && windowNumber === 0)) contextWindowId = window ?? contextWindowId;
        break;
      }
      case 'turn_context':
        multiAgentVersion = str(payload.multi_agent_version) ?? multiAgentVersion;
        lastModel = str(payload.model) ?? lastModel;
        break;
      case 'event_msg':
        if (payload.type === 'token_count' && isObj(payload.info) && typeof payload.info.last_usage_includes_reasoning === 'boolean') lastUsageIncludesReasoning = payload.info.last_usage_includes_reasoning;
        break;
      case 'compacted':
        windowNumber = num(payload.window_number) ?? windowNumber + 1;
        contextWindowId = str(payload.window_id) ?? contextWindowId;
        break;
      default:
        break;
    }
    first = false;
  }
  return { nextOrdinal, historySequence, windowNumber, contextWindowId, multiAgentVersion, forkedFrom, lastModel, lastUsageIncludesReasoning };
}
