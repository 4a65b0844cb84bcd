// Cutting a text down to a token budget: unchanged when it fits, otherwise cut in the middle (head
// and tail kept, with the usual "…N tokens truncated…" marker) until the measured result fits. The
// measure may count more than the text itself (a wrapper around it), so the cut is checked with it.
import { truncateText } from '../../history/truncate-output.js';

export interface FittedText {
  readonly text: string;
  readonly tokens: number;
  readonly truncated: boolean;
}

const MAX_ROUNDS = 32;

/** `text` fitted so that `measure(result) ≤ budget`; undefined when not even the marker alone fits. */
export function fitText(text: string, budget: number, measure: (candidate: string) => number): FittedText | undefined {
  const whole = measure(text);
  if (whole <= budget) return { text, tokens: whole, truncated: false };
  let limit = Math.max(0, budget - measure('') - 16);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const candidate = truncateText(text, { mode: 'tokens', limit }).text;
    const tokens = measure(candidate);
    if (tokens <= budget) return { text: candidate, tokens, truncated: true };
    if (limit === 0) return undefined;
    limit = Math.max(0, limit - Math.max(1, tokens - budget));
  }
  return undefined;
}
