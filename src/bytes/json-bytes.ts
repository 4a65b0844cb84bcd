// The bytes of JSON's structure, for the scanners that read UTF-8 JSON without decoding it (the SSE
// event readers, the rollout line skeleton): one spelling of them, and of how an escaped one is told.

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const COMMA = 0x2c;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;

/**
 * How many backslashes stand right before `at` in `bytes`, none looked for before `floor`: an odd
 * count escapes the byte at `at`.
 */
export function backslashesBefore(bytes: Uint8Array, at: number, floor = 0): number {
  let n = 0;
  while (at - n - 1 >= floor && bytes[at - n - 1] === BACKSLASH) n++;
  return n;
}
