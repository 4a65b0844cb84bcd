// The token estimate Codex 0.169 gives a context window it has just rebuilt (after a compaction),
// written as the `total_tokens` of the next token count until a response reports real usage.
// Measured against the real binary (test/conformance/cross-compaction-estimate-codex-0.169.test.ts):
// - the base instructions count once: by the thread's whole text (before weft leaves out the
//   sections of tools the turn does not offer) when the window does not hold them, by the window's
//   own base-instructions message when it does;
// - a message counts by the UTF-8 bytes of its texts (ids, roles, metadata and JSON framing do not
//   count), each image part as Codex's fixed per-image byte estimate;
// - an `additional_tools` item counts by the JSON of its tool specs;
// - encrypted payloads count by their decoded size, any other item by its JSON without the id and
//   metadata weft keeps with it (history/token-estimate.ts: estimateVisibleItemTokens);
// every item (and the instructions) rounded up to whole tokens at 4 bytes each.
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { estimateTokens, estimateVisibleItemTokens } from '../../history/token-estimate.js';
import { isBaseInstructionsMessage } from './items.js';

export { IMAGE_PART_BYTES } from '../../history/token-estimate.js';

/** Estimated tokens of one item of a rebuilt window. */
export const windowItemTokens = estimateVisibleItemTokens;

/** Estimated tokens of a rebuilt window sent with `baseInstructions` (unless it holds its own). */
export function windowTokenEstimate(window: readonly ResponseItem[], baseInstructions: string): number {
  let total = window.some(isBaseInstructionsMessage) ? 0 : estimateTokens(baseInstructions);
  for (const item of window) total += windowItemTokens(item);
  return total;
}
