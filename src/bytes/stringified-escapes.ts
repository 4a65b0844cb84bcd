// Whether the escapes of JSON string content are the ones JSON.stringify writes: then the bytes that
// arrived are exactly JSON.stringify's text, and a writer may copy them instead of escaping the text
// again (long-string-cache.ts).
import { BACKSLASH } from './json-bytes.js';

const U = 0x75;
/** JSON.stringify's short escapes: `"` `\` b f n r t. */
const SHORT = new Set([0x22, 0x5c, 0x62, 0x66, 0x6e, 0x72, 0x74]);
const HEX_LOWER = /^00[01][0-9a-f]$/;
/** Control characters JSON.stringify writes with a short escape rather than `\u00XX`. */
const HAS_SHORT = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);

/** The two escapes JSON has and JSON.stringify never writes but as `\u00XX` of a control character. */
const SOLIDUS_ESCAPE = Buffer.from('\\/');
const UNICODE_ESCAPE = Buffer.from('\\u');

/** Every escape in `buf[from..to)` is one JSON.stringify writes (the slice is valid JSON string content). */
export function escapesAsStringified(buf: Buffer, from: number, to: number): boolean {
  // Valid content without `\/` or `\u` anywhere has only the short escapes, which are all JSON.stringify's:
  // two native searches instead of a look at every escape (a long answer has one every few dozen bytes).
  const part = buf.subarray(from, to);
  if (part.indexOf(SOLIDUS_ESCAPE) < 0 && part.indexOf(UNICODE_ESCAPE) < 0) return true;
  for (let at = buf.indexOf(BACKSLASH, from); at >= 0 && at < to; ) {
    const letter = buf[at + 1] as number;
    if (SHORT.has(letter)) {
      at = buf.indexOf(BACKSLASH, at + 2);
      continue;
    }
    if (letter !== U) return false;
    const hex = buf.toString('latin1', at + 2, at + 6);
    if (!HEX_LOWER.test(hex) || HAS_SHORT.has(parseInt(hex, 16))) return false;
    at = buf.indexOf(BACKSLASH, at + 6);
  }
  return true;
}
