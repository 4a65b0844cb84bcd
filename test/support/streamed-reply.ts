// The SSE body of a text reply whose deltas are given as the literals written into their data, and
// whose done events carry `doneText`: what the tests of long streamed answers serve (their deltas
// may repeat the done text, or say something else, or spell it with escapes of their own).
import { textReply } from '../../scripts/mock-responses-server.js';

const DELTA = 'response.output_text.delta';

export function replyWithDeltaLiterals(deltaLiterals: readonly string[], doneText: string): string {
  const blocks: string[] = [];
  for (const e of textReply(doneText).sse as { type: string }[]) {
    if (e.type !== DELTA) {
      blocks.push(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
      continue;
    }
    // The event as the mock sends it, its delta member written as given.
    const [before, after] = JSON.stringify({ ...e, delta: '' }).split('"delta":""') as [string, string];
    for (const lit of deltaLiterals) blocks.push(`event: ${DELTA}\ndata: ${before}"delta":"${lit}"${after}\n\n`);
  }
  return blocks.join('');
}

/** `text` cut into deltas of `chars` characters (never between a surrogate pair's halves), as JSON literals. */
export function deltaLiteralsOf(text: string, chars: number): string[] {
  const literals: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + chars, text.length);
    if (/[\ud800-\udbff]/.test(text.charAt(end - 1))) end++;
    literals.push(JSON.stringify(text.slice(at, end)).slice(1, -1));
    at = end;
  }
  return literals;
}
