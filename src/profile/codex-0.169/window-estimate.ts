// The token estimate Codex 0.169 gives a context window it has just rebuilt (after a compaction),
// written as the `total_tokens` of the next token count until a response reports real usage.
// Measured against the real binary (test/conformance/cross-compaction-estimate-codex-0.169.test.ts):
// - the base instructions count once: by the thread's whole text (before weft leaves out the
//   sections of tools the turn does not offer) when the window does not hold them, by the window's
//   own base-instructions message when it does;
// - a message counts by the UTF-8 bytes of its texts (ids, roles, metadata and JSON framing do not
//   count), each image part as Codex's fixed per-image byte estimate;
// - an `additional_tools` item counts by the JSON of its tool specs;
// - any other item counts as weft estimates history items (encrypted payloads by their decoded
//   size, the rest by their JSON);
// every item (and the instructions) rounded up to whole tokens at 4 bytes each.
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { estimateItemTokens, estimateTokens, tokensForBytes, utf8ByteLength } from '../../history/token-estimate.js';
import { isBaseInstructionsMessage } from './items.js';

/** Bytes Codex assumes an image part costs, whatever its size. */
export const IMAGE_PART_BYTES = 7373;

/** Estimated tokens of one item of a rebuilt window. */
export function windowItemTokens(item: ResponseItem): number {
  if (item.type === 'message') {
    let bytes = 0;
    for (const part of item.content) bytes += part.type === 'input_image' ? IMAGE_PART_BYTES : utf8ByteLength(part.text);
    return tokensForBytes(bytes);
  }
  if (item.type === 'additional_tools') return estimateTokens(JSON.stringify(item.tools));
  return estimateItemTokens(item);
}

/** Estimated tokens of a rebuilt window sent with `baseInstructions` (unless it holds its own). */
export function windowTokenEstimate(window: readonly ResponseItem[], baseInstructions: string): number {
  let total = window.some(isBaseInstructionsMessage) ? 0 : estimateTokens(baseInstructions);
  for (const item of window) total += windowItemTokens(item);
  return total;
}
