// Turns replayed from a rollout for the 0.169 protocol: a turn per `task_started` (with its id, so
// history turns keep the ids the client saw live), items from `item_completed` events. A rollout
// of the previous generation (display events, no task_started) reads as that generation did.
import type { ThreadItem, UserInput } from '../../../../protocol/app-server/common.js';
import { fileURLToPath } from 'node:url';
import { CommandExecutionTurnItem, type CompletedTurnItem } from '../../../../protocol/rollout-events.js';
import { displayCommand } from '../../../tools/display-command.js';
import { ReviewOutput } from '../../../../protocol/review-output.js';
import { renderReview } from '../../../engine/review-request.js';
import { knownEventOf } from '../../../rollout/format/known-events.js';
import type { RolloutRecord } from '../../../rollout/format/reader.js';
import { rolledBackTurns } from '../../../thread/thread-rollback.js';
import { turnsFromRecords } from '../../thread-view.js';
import type { TurnState } from '../generation.js';

interface Building {
  id: string;
  items: ThreadItem[];
  status: TurnState['status'];
  startedAtMs: number | null;
  completedAtMs: number | null;
}

const ms = (v: unknown): number | null => (typeof v === 'number' ? v * 1000 : null);

const textOf = (part: unknown): string =>
  typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string' ? part.text : '';

function historyItem(item: CompletedTurnItem): ThreadItem | undefined {
  const id = item.id ?? '';
  switch (item.type) {
    case 'UserMessage':
      // Codex records the user's input in the protocol's own UserInput shape: forwarded as stored.
      return { type: 'userMessage', id, content: (item.content ?? []) as UserInput[] };
    case 'AgentMessage':
      return { type: 'agentMessage', id, text: (item.content ?? []).map(textOf).join('') };
    case 'ContextCompaction':
      // A manual compaction is a turn of its own holding just this item (appserver-0.169 d).
      return { type: 'contextCompaction', id };
    case 'EnteredReviewMode':
      return { type: 'enteredReviewMode', id, review: typeof item.user_facing_hint === 'string' ? item.user_facing_hint : '' };
    case 'ExitedReviewMode': {
      const output = ReviewOutput.safeParse(item.review_output);
      return { type: 'exitedReviewMode', id, review: output.success ? (renderReview(output.data) ?? '') : '' };
    }
    case 'Reasoning':
      return { type: 'reasoning', id, summary: (item.summary_text ?? []).map(String), content: (item.raw_content ?? []).map(String) };
    case 'CommandExecution':
      return userShellItem(item);
    default:
      return undefined;
  }
}

/** A user's shell command (thread/shellCommand) shows in its turn as Codex 0.169 shows it; the model's commands are not listed. */
function userShellItem(raw: CompletedTurnItem): ThreadItem | undefined {
  const parsed = CommandExecutionTurnItem.safeParse(raw);
  if (!parsed.success || parsed.data.source !== 'user_shell') return undefined;
  const c = parsed.data;
  let cwd = c.cwd;
  try {
    cwd = fileURLToPath(c.cwd);
  } catch {
    // Not a file URI: shown as stored.
  }
  return {
    type: 'commandExecution',
    id: c.id,
    command: displayCommand(c.command),
    cwd,
    processId: null,
    source: 'userShell',
    status: c.status,
    commandActions: c.parsed_cmd.map((p) => ({ type: 'unknown' as const, command: p.cmd })),
    aggregatedOutput: c.aggregated_output,
    exitCode: c.exit_code,
    durationMs: Math.floor(c.duration.secs * 1000 + c.duration.nanos / 1e6),
  };
}

export function historyTurns0169(records: readonly RolloutRecord[]): TurnState[] {
  const turns: Building[] = [];
  let sawTaskStarted = false;
  const current = (turnId: string | undefined): Building => {
    let turn = turns[turns.length - 1];
    if (!turn) {
      turn = { id: turnId ?? `turn-${turns.length + 1}`, items: [], status: 'completed', startedAtMs: null, completedAtMs: null };
      turns.push(turn);
    }
    return turn;
  };
  for (const { line } of records) {
    const p = knownEventOf(line);
    switch (p?.type) {
      case 'task_started':
        sawTaskStarted = true;
        turns.push({ id: String(p.turn_id), items: [], status: 'completed', startedAtMs: ms(p.started_at), completedAtMs: null });
        break;
      case 'item_completed': {
        const item = historyItem(p.item);
        if (item) current(p.turn_id).items.push(item);
        break;
      }
      case 'task_complete':
        current(p.turn_id).completedAtMs = ms(p.completed_at);
        break;
      case 'turn_aborted':
        current(p.turn_id).status = 'interrupted';
        break;
      default: {
        const n = rolledBackTurns(p);
        if (n !== undefined) turns.splice(rollbackCut(turns, n));
      }
    }
  }
  if (!sawTaskStarted) return turnsFromRecords(records).map((t) => ({ ...t, error: t.error ?? null, startedAtMs: null, completedAtMs: null }));
  // Turns that recorded nothing a client shows are not listed.
  return turns.filter((t) => t.items.length > 0).map((t) => ({ ...t, error: null }));
}

/** A manual compaction's turn: it holds the compaction and nothing a user or the model said. */
export function isCompactionTurn(turn: { readonly items: readonly ThreadItem[] }): boolean {
  return turn.items.length > 0 && turn.items.every((i) => i.type === 'contextCompaction');
}

/**
 * Where a rollback of `n` turns cuts the list: a rollback counts the user's turns, so compaction
 * turns are not counted (those after the cut go with it).
 */
export function rollbackCut(turns: readonly { readonly items: readonly ThreadItem[] }[], n: number): number {
  let left = n;
  let at = turns.length;
  while (at > 0 && left > 0) {
    at -= 1;
    const turn = turns[at];
    if (turn && !isCompactionTurn(turn)) left -= 1;
  }
  return at;
}
