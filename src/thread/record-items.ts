// Keeping items: every item a turn keeps goes into the history and the rollout together, as the
// profile's thread keeps it.
import type { ResponseItem } from '../../protocol/responses-items.js';
import { responseItemLine } from '../rollout/format/records.js';
import type { ThreadState } from './turn-ports.js';

/** Appends `items` to the history and the rollout; returns them as kept (a profile may decorate them). */
export async function record(state: ThreadState, items: readonly ResponseItem[]): Promise<readonly ResponseItem[]> {
  if (items.length === 0) return items;
  const pt = state.profileThread;
  const kept = items.map((item) => pt.decorateItem(item));
  state.history.push(...kept);
  await state.writer.append(kept.map(responseItemLine));
  return kept;
}
