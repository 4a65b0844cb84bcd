// Whether a JSON string literal's escapes are the ones JSON.stringify writes: then its bytes are
// exactly JSON.stringify's escaping of its text, and the rollout may write them as they came
// (known-json-strings.ts). Of JSON's escapes JSON.stringify writes every short one but `\/`, and `\u`
// only as `\u00XX` in lower case, for a control character that has no short escape. So only `\/` and
// `\u` are looked for; both are rare, and the search runs in native code instead of stopping at each
// of a text's many `\n` and `\"`.
import { BACKSLASH } from '../json-bytes.js';

const SLASH_ESCAPE = Buffer.from('\\/');
const U_ESCAPE = Buffer.from('\\u');
const HEX_LOWER = /^00[01][0-9a-f]$/;
/** Control characters JSON.stringify writes with a short escape rather than `\u00XX`. */
const HAS_SHORT = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);

/** Every escape in `buf[from..to)` (valid JSON string content, whole escapes) is one JSON.stringify writes. */
export function escapesAsStringified(buf: Buffer, from: number, to: number): boolean {
  for (let at = buf.indexOf(SLASH_ESCAPE, from); at >= 0 && at < to - 1; at = buf.indexOf(SLASH_ESCAPE, at + 1)) {
    if (startsEscape(buf, at, from)) return false;
  }
  for (let at = buf.indexOf(U_ESCAPE, from); at >= 0 && at < to - 1; at = buf.indexOf(U_ESCAPE, at + 1)) {
    if (!startsEscape(buf, at, from)) continue;
    const hex = buf.toString('latin1', at + 2, at + 6);
    if (!HEX_LOWER.test(hex) || HAS_SHORT.has(parseInt(hex, 16))) return false;
  }
  return true;
}

/** The backslash at `at` opens an escape: an even run of backslashes (from `floor` on) precedes it. */
function startsEscape(buf: Buffer, at: number, floor: number): boolean {
  let n = 0;
  while (at - n - 1 >= floor && buf[at - n - 1] === BACKSLASH) n++;
  return n % 2 === 0;
}
