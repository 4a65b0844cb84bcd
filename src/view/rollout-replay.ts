// Replays a rollout's records in order and finds every model request the thread made, with the
// history it carried. The rules, read off both recorded generations:
// - codex-0.98 writes a `turn_context` line right before each request; one followed by a `compacted`
//   line (before any item) was the compaction request.
// - codex-0.169 writes `turn_context` once per turn; a request shows as its first output item (the
//   input was everything recorded before it) and closes with its `token_usage_record`; output items
//   followed by a `compacted` line answered a compaction request. A manual compaction is a turn of
//   its own whose task_started has no `turn_attribution`.
// History is kept as (array, length) snapshots: arrays are only ever appended to, so a request needs
// no copy of the history it saw.
import type { ResponseItem } from '../../protocol/responses-items.js';
import { buildCompactedHistory, userMessageTexts } from '../history/compacted-history.js';
import { knownEventOf } from '../rollout/format/known-events.js';
import { compactedOf, historyItemOf, type RolloutRecord } from '../rollout/format/reader.js';
import { dropLastUserTurns, rolledBackTurns } from '../thread/thread-rollback.js';

export type Generation = 'codex-0.98' | 'codex-0.169';
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** What a 0.169 request's metadata needs beyond the settings: the turn and the context window. */
export interface WindowFacts {
  readonly turnId: string | undefined;
  readonly turnStartedAtS: number | undefined;
  readonly windowNumber: number;
  readonly contextWindowId: string | undefined;
  readonly historyInitialization: 'new' | 'cold_resume' | 'cold_fork';
}

export interface ReplayedRequest {
  readonly kind: 'turn' | 'compaction';
  /** 1-based turn number within the thread's own turns. */
  readonly turn: number;
  readonly history: readonly ResponseItem[];
  readonly historyLength: number;
  /** The turn_context payload in force. */
  readonly turnContext: Obj | undefined;
  /** 0.169: the reasoning summary the thread settings in force ask for (its turn_context's says none). */
  readonly reasoningSummary?: string | undefined;
  readonly window: WindowFacts;
  /** For a 0.169 compaction: where it ran. */
  readonly phase?: 'pre_turn' | 'mid_turn' | 'standalone_turn';
  /** Index of the record that opened it. */
  readonly recordIndex: number;
}

export interface Replay {
  readonly generation: Generation;
  readonly meta: Obj;
  readonly requests: ReplayedRequest[];
  /** Index of the first record written by this thread (a fork's copied or borrowed lines come first). */
  readonly ownFrom: number;
}

const MODEL_OUTPUT_TYPES = new Set([
  'reasoning',
  'function_call',
  'custom_tool_call',
  'local_shell_call',
  'web_search_call',
  'image_generation_call',
  'tool_search_call',
  'compaction',
]);

export function isModelOutput(item: Obj): boolean {
  return MODEL_OUTPUT_TYPES.has(String(item.type)) || (item.type === 'message' && item.role === 'assistant');
}

export function generationOf(records: readonly RolloutRecord[]): Generation {
  const first = records[0];
  const version = isObj(first?.line.payload) ? str(first.line.payload.cli_version) : undefined;
  const ordinal = first?.line.ordinal !== undefined;
  return ordinal || (version !== undefined && !version.startsWith('0.98')) ? 'codex-0.169' : 'codex-0.98';
}

/** Where a fork's own lines start: after the lines copied from (0.98) or borrowed from (0.169) its parent. */
export function ownRecordsFrom(records: readonly RolloutRecord[], borrowed: number): number {
  if (borrowed > 0) return 1 + borrowed;
  const meta = records[0]?.line.payload;
  if (!isObj(meta) || str(meta.forked_from_id) === undefined) return 1;
  // A 0.98 fork copies its parent's lines (their older timestamps kept) after its own session_meta.
  const created = str(meta.timestamp) ?? '';
  let last = 0;
  records.forEach((r, i) => {
    if (i > 0 && r.line.timestamp < created) last = i;
  });
  return last + 1;
}

export interface ReplayHooks {
  readonly isRealUser: (item: ResponseItem) => boolean;
  /**
   * The initial context for a turn_context's settings: a compaction recorded without its rebuilt
   * history (Codex 0.98) had it rebuilt in memory, ahead of the kept prompts and the summary.
   */
  readonly initialContext: (turnContext: Obj | undefined, meta: Obj) => ResponseItem[];
}

export function replayRollout(records: readonly RolloutRecord[], file: string, hooks: ReplayHooks, borrowed = 0): Replay {
  const isRealUser = hooks.isRealUser;
  const generation = generationOf(records);
  const meta = isObj(records[0]?.line.payload) ? records[0].line.payload : {};
  const ownFrom = ownRecordsFrom(records, borrowed);
  const forked = str(meta.forked_from_id) !== undefined;
  const requests: ReplayedRequest[] = [];
  let history: ResponseItem[] = [];
  let turnContext: Obj | undefined;
  let turn = 0;
  let turnId: string | undefined;
  let turnStartedAtS: number | undefined;
  let inTurn = false;
  // 0.169 runs a manual compaction as a turn of its own, opened without turn_attribution.
  let compactionTurn = false;
  let turnContextThisTurn = false;
  let windowNumber = 0;
  let contextWindowId: string | undefined;
  let init: WindowFacts['historyInitialization'] = forked ? 'cold_fork' : 'new';
  let settingsEvents = 0;
  let reasoningSummary: string | undefined;
  let firstMeta = true;
  // 0.98: the request opened by the last turn_context, until an item shows it was a turn request.
  let pending098: { at: number } | undefined;
  // 0.169: the request whose outputs are being recorded.
  let open169 = false;

  const window = (): WindowFacts => ({ turnId, turnStartedAtS, windowNumber, contextWindowId, historyInitialization: init });
  const push = (kind: ReplayedRequest['kind'], at: number, phase?: ReplayedRequest['phase']): void => {
    if (at < ownFrom) return;
    requests.push({
      kind,
      turn: Math.max(turn, 1),
      history,
      historyLength: history.length,
      turnContext,
      ...(reasoningSummary !== undefined ? { reasoningSummary } : {}),
      window: window(),
      recordIndex: at,
      ...(phase ? { phase } : {}),
    });
  };

  records.forEach((record, index) => {
    const line = record.line;
    const payload: unknown = line.payload;
    switch (line.type) {
      case 'session_meta': {
        if (isObj(payload)) {
          const w = isObj(payload.context_window) ? str(payload.context_window.window_id) : undefined;
          if (contextWindowId === undefined || (!firstMeta && windowNumber === 0)) contextWindowId = w ?? contextWindowId;
        }
        firstMeta = false;
        break;
      }
      case 'turn_context':
        if (pending098) push('turn', pending098.at);
        turnContext = isObj(payload) ? payload : undefined;
        turnContextThisTurn = true;
        // 0.98 turns are counted at the user's messages, 0.169 ones at task_started.
        if (generation === 'codex-0.98') pending098 = { at: index };
        break;
      case 'response_item': {
        const item = historyItemOf(record, file);
        if (!item) break;
        if (generation === 'codex-0.98') {
          if (pending098) push('turn', pending098.at);
          pending098 = undefined;
          if (isRealUser(item) && index >= ownFrom) turn += 1;
        } else if (isObj(payload) && isModelOutput(payload) && !open169) {
          open169 = true;
          push('turn', index);
        }
        history.push(item);
        break;
      }
      case 'compacted': {
        const compacted = compactedOf(record, file);
        if (generation === 'codex-0.98') {
          if (pending098) push('compaction', pending098.at);
          pending098 = undefined;
        } else {
          const last = requests.at(-1);
          if (last?.kind === 'turn' && lastOpenedSinceItems(records, last.recordIndex, index)) {
            // Rollouts weft wrote before it recorded that turn hold the compaction outside any turn.
            const phase = !inTurn || compactionTurn ? 'standalone_turn' : turnContextThisTurn ? 'mid_turn' : 'pre_turn';
            requests[requests.length - 1] = { ...last, kind: 'compaction', phase };
          }
          open169 = false;
          if (isObj(payload)) {
            windowNumber = num(payload.window_number) ?? windowNumber + 1;
            contextWindowId = str(payload.window_id) ?? contextWindowId;
          }
        }
        history = compacted.replacement_history
          ? [...compacted.replacement_history]
          : buildCompactedHistory(hooks.initialContext(turnContext, meta), userMessageTexts(history, isRealUser), compacted.message);
        break;
      }
      case 'event_msg': {
        const event = knownEventOf(line);
        const type = event?.type;
        if (event?.type === 'task_started') {
          if (index >= ownFrom && settingsEvents > 0 && (init === 'new' || turn > 0) && !(forked && turn === 0)) init = 'cold_resume';
          settingsEvents = 0;
          inTurn = true;
          compactionTurn = isObj(line.payload) && !('turn_attribution' in line.payload);
          turnContextThisTurn = false;
          turnId = event.turn_id ?? turnId;
          turnStartedAtS = num(event.started_at);
          if (index >= ownFrom) turn += 1;
        } else if (type === 'task_complete' || type === 'turn_aborted') {
          inTurn = false;
        } else if (type === 'thread_settings_applied') {
          if (!inTurn) settingsEvents += 1;
          const settings = isObj(event.thread_settings) ? event.thread_settings : {};
          reasoningSummary = str(settings.reasoning_summary);
        }
        const rolledBack = rolledBackTurns(event);
        if (rolledBack !== undefined) history = dropLastUserTurns(history, rolledBack, isRealUser);
        break;
      }
      case 'token_usage_record':
        open169 = false;
        break;
      default:
        break;
    }
  });
  if (pending098) push('turn', pending098.at);
  return { generation, meta, requests, ownFrom };
}

/** True when nothing but model output was recorded between a request's opening and `until`. */
function lastOpenedSinceItems(records: readonly RolloutRecord[], from: number, until: number): boolean {
  for (let i = from; i < until; i++) {
    const line = records[i]?.line;
    if (line?.type === 'response_item' && isObj(line.payload) && !isModelOutput(line.payload)) return false;
  }
  return true;
}
