// Owns thread ids: making new ones and refusing anything that is not one before it reaches a path.
// Codex 0.98 makes thread ids with UUID v7 (time-ordered), and they appear verbatim in rollout file
// names, so an id is the only user input that becomes part of a path: it must be a plain UUID.
import { nodeCrypto } from '../../node-builtins.js';
import { UsageError } from '../../errors.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new UUID v7: 48-bit Unix milliseconds, version 7, RFC 4122 variant, the rest random. */
export function newThreadId(nowMs: number = Date.now()): string {
  const b = nodeCrypto().randomBytes(16);
  let ms = Math.max(0, Math.floor(nowMs));
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  b[6] = 0x70 | ((b[6] ?? 0) & 0x0f);
  b[8] = 0x80 | ((b[8] ?? 0) & 0x3f);
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** True for a hyphenated UUID (any version; Codex accepts any), nothing else. */
export function isThreadId(s: unknown): s is string {
  return typeof s === 'string' && UUID_RE.test(s);
}

/**
 * Returns the id in the lowercase form Codex writes in file names, or throws UsageError. Call it
 * before building any path from the id: `../../etc`, slashes or NULs never get that far.
 */
export function assertThreadId(s: unknown, what = 'thread id'): string {
  if (!isThreadId(s)) {
    const shown = typeof s === 'string' ? JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s) : String(s);
    throw new UsageError(`invalid ${what} ${shown}: expected a UUID like 0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a`);
  }
  return s.toLowerCase();
}
