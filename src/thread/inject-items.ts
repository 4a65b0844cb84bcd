// Items a client injects into a thread's model-visible history outside any turn (app-server
// `thread/inject_items`), as Codex 0.169 does: each raw Responses item that is one weft knows is
// recorded (history and rollout, as the turn loop records items); one that is not is dropped without
// complaint, as Codex drops it. A thread that has no context yet first gets its initial context, so
// the injected items sit after it in every later request, where Codex puts them.
import { ResponseItem } from '../../protocol/responses-items.js';
import { previousTurnOf } from '../context/previous-turn.js';
import type { TurnSettings } from '../context/turn-settings.js';
import type { Pack } from '../pack/load-pack.js';
import { record } from './record-items.js';
import type { ThreadState } from './turn-ports.js';

/** The items among `raw` that are Responses items weft knows (the others are dropped). */
export function knownItems(raw: readonly unknown[]): ResponseItem[] {
  return raw.flatMap((r) => {
    const parsed = ResponseItem.safeParse(r);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Records the items; returns how many were kept. */
export async function injectItems(state: ThreadState, pack: Pack, settings: TurnSettings, raw: readonly unknown[]): Promise<number> {
  const items = knownItems(raw);
  if (items.length === 0) return 0;
  if (state.needsInitialContext) {
    const pt = state.profileThread;
    const opening = [
      ...pt.buildInitialContext(pack, settings, state.baseInstructions, { includeDeveloperInstructions: state.includeDeveloperInstructions }),
      ...pt.settingsUpdateItems(pack, state.previousTurn, settings, state.baseInstructions, { afterFreshContext: true }),
    ];
    state.needsInitialContext = false;
    await record(state, opening);
    state.previousTurn = previousTurnOf(settings);
  }
  await record(state, items);
  return items.length;
}
