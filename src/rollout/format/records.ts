// The rollout lines every generation writes alike: the session_meta a thread starts from (the shape
// of protocol/rollout.ts's SessionMeta, in Codex's key order; a generation's format may add to it,
// as codex-0.169's session-meta.ts does), a response item, and a turn's abort. What differs by
// generation (turn contexts, display events, token counts, compactions) is each profile's
// `RolloutRecords` (record-format.ts).
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { SessionMeta } from '../../../protocol/rollout.js';
import type { RolloutLineInput } from './writer.js';

export interface SessionMetaInput {
  readonly id: string;
  readonly forkedFromId?: string | undefined;
  readonly timestamp: string;
  readonly cwd: string;
  readonly originator: string;
  readonly cliVersion: string;
  readonly source: string;
  readonly modelProvider: string;
  readonly baseInstructions: string;
  readonly git?: { commit_hash?: string; branch?: string; repository_url?: string } | undefined;
}

export function sessionMetaLine(m: SessionMetaInput): RolloutLineInput {
  const payload: SessionMeta = {
    id: m.id,
    ...(m.forkedFromId ? { forked_from_id: m.forkedFromId } : {}),
    timestamp: m.timestamp,
    cwd: m.cwd,
    originator: m.originator,
    cli_version: m.cliVersion,
    source: m.source,
    model_provider: m.modelProvider,
    base_instructions: { text: m.baseInstructions },
    ...(m.git ? { git: m.git } : {}),
  };
  return { timestamp: m.timestamp, type: 'session_meta', payload };
}

export const responseItemLine = (item: ResponseItem): RolloutLineInput => ({ type: 'response_item', payload: item });

export const turnAbortedEvent = (reason: string): RolloutLineInput => ({ type: 'event_msg', payload: { type: 'turn_aborted', reason } });
