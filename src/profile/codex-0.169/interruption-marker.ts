// The `<turn_aborted>` marker Codex 0.169 records for the model when a turn is stopped. Its role and
// text follow the thread's multi-agent version, whatever stopped the turn (a user's turn/interrupt,
// an agent's interrupt_agent, the thread closing): a thread running multi-agent v2 (a model whose
// catalog entry says `multi_agent_version: v2`, and the agents it spawns) gets a developer message
// worded for an agent; any other thread the user message of earlier generations. Both texts come from
// the pack (a 0.169 pack records neither, so weft's own stand in: FALLBACK_FILES).
import type { MessageItem } from '../../../protocol/responses-items.js';
import { textMessage } from '../../history/message.js';
import type { Pack } from '../../pack/load-pack.js';

/** The marker of a thread that does not run multi-agent v2. */
export const USER_MARKER_FILE = 'turn_aborted.md';
/** The marker of a thread that runs multi-agent v2. */
export const DEVELOPER_MARKER_FILE = 'turn_aborted_developer.md';

export function interruptionMarker(pack: Pack, multiAgentVersion: string): MessageItem {
  return multiAgentVersion === 'v2' ? textMessage('developer', pack.text(DEVELOPER_MARKER_FILE)) : textMessage('user', pack.text(USER_MARKER_FILE));
}
