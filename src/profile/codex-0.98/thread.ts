// A codex-0.98 thread: the generation keeps no per-thread state. Its items are kept as weft makes
// and receives them, its lines are written in the 0.98 format, nothing is recorded around a turn,
// and it compacts the Codex way (remote when the provider offers it, else locally).
import { compactCodex098 } from '../../compaction/compact-history.js';
import { rolloutLinePieces } from '../../rollout/format/writer.js';
import { turnAbortedEvent } from '../../rollout/format/records.js';
import { textMessage } from '../../history/message.js';
import { codex098Records } from './records.js';
import type { ProfileThread, TurnProfile } from '../../thread/turn-ports.js';
import { framedPatchOutputs } from './recorded-patch-output.js';

export function codex098Thread(profile: TurnProfile): ProfileThread {
  return {
    buildInitialContext: profile.buildInitialContext,
    settingsUpdateItems: profile.settingsUpdateItems,
    sentPrompt: profile.sentPrompt,
    bodyFor: profile.bodyFor,
    rolloutFormat: { lines: (line) => [rolloutLinePieces(line)] },
    records: codex098Records,
    turnStarted: async () => [],
    beforePrompt: () => [],
    samplingStarted: () => [],
    turnCompleted: () => [],
    // Codex 0.98 records nothing of a failed turn.
    turnFailed: () => [],
    // 0.98 marks a stopped turn with a user message, and records only the reason it ended.
    turnAborted: (pack) => ({ before: [], marker: textMessage('user', pack.text('turn_aborted.md')), after: [turnAbortedEvent('interrupted')] }),
    // 0.98 kept no MCP call events in its rollouts.
    mcpCallCompleted: () => [],
    toolItemCompleted: () => [],
    decorateItem: (item) => item,
    responseCompleted: () => undefined,
    // 0.98 had no goals.
    goalSet: () => [],
    // 0.98's token counts carry no rate limits.
    rateLimitsReported: () => undefined,
    modelItem: (item) => item,
    requestHistory: framedPatchOutputs,
    compactsBeforeTurn: () => false,
    compact: compactCodex098,
  };
}
