// Middle truncation of tool output under a TruncationPolicy, matching Codex byte for byte: keep a head
// and a tail that together fill the byte budget, cut only on UTF-8 character boundaries, and put a
// marker in between saying how much went missing ("…N tokens truncated…" / "…N chars truncated…").
import type { TruncationPolicy } from '../../protocol/model-catalog.js';
import { bytesForTokens, estimateTokens, tokensForBytes } from './token-estimate.js';

export interface TruncateResult {
  /** The text to show: unchanged, or head + marker + tail. */
  text: string;
  truncated: boolean;
  /** Estimated tokens of the text before truncation (ceil(bytes / 4)). */
  originalTokens: number;
}

/** The byte budget a policy allows: the limit itself, or 4 bytes per token. */
export function policyByteBudget(policy: TruncationPolicy): number {
  return policy.mode === 'bytes' ? Math.max(0, policy.limit) : bytesForTokens(policy.limit);
}

/** The token budget a policy allows: the limit itself, or ceil(bytes / 4). */
export function policyTokenBudget(policy: TruncationPolicy): number {
  return policy.mode === 'tokens' ? Math.max(0, policy.limit) : tokensForBytes(policy.limit);
}

/** The same policy with its limit scaled by `factor`, rounded up (Codex adds 20% when recording history). */
export function scalePolicy(policy: TruncationPolicy, factor: number): TruncationPolicy {
  return { mode: policy.mode, limit: Math.ceil(policy.limit * factor) };
}

function marker(policy: TruncationPolicy, removed: number): string {
  return policy.mode === 'tokens' ? `…${removed} tokens truncated…` : `…${removed} chars truncated…`;
}

// A byte offset is a character boundary unless it points at a UTF-8 continuation byte (10xxxxxx).
function isBoundary(bytes: Uint8Array, offset: number): boolean {
  if (offset <= 0 || offset >= bytes.length) return true;
  return ((bytes[offset] ?? 0) & 0xc0) !== 0x80;
}

function floorBoundary(bytes: Uint8Array, offset: number): number {
  let at = Math.min(offset, bytes.length);
  while (at > 0 && !isBoundary(bytes, at)) at -= 1;
  return at;
}

function ceilBoundary(bytes: Uint8Array, offset: number): number {
  let at = Math.max(0, offset);
  while (at < bytes.length && !isBoundary(bytes, at)) at += 1;
  return at;
}

function countChars(bytes: Uint8Array, from: number, to: number): number {
  let chars = 0;
  for (let i = from; i < to; i += 1) if (((bytes[i] ?? 0) & 0xc0) !== 0x80) chars += 1;
  return chars;
}

/** What middle truncation keeps of a text that is over budget: head, tail and how much went between. */
export interface MiddleCut {
  head: string;
  tail: string;
  /** Tokens (token policies) or characters (byte policies) left out. */
  removed: number;
}

/** The head and tail a policy keeps of `text`; undefined when the text fits. */
export function middleCut(text: string, policy: TruncationPolicy): MiddleCut | undefined {
  if (text === '') return undefined;
  const bytes = Buffer.from(text, 'utf8');
  const budget = policyByteBudget(policy);
  if (budget > 0 && bytes.length <= budget) return undefined;
  if (budget === 0) {
    const removed = policy.mode === 'tokens' ? tokensForBytes(bytes.length) : countChars(bytes, 0, bytes.length);
    return { head: '', tail: '', removed };
  }
  const headBudget = Math.floor(budget / 2);
  const tailBudget = budget - headBudget;
  const headEnd = floorBoundary(bytes, headBudget);
  const tailStart = Math.max(headEnd, ceilBoundary(bytes, bytes.length - tailBudget));
  const removed =
    policy.mode === 'tokens' ? tokensForBytes(bytes.length - budget) : countChars(bytes, headEnd, tailStart);
  return { head: bytes.subarray(0, headEnd).toString('utf8'), tail: bytes.subarray(tailStart).toString('utf8'), removed };
}

/**
 * Truncate `text` in the middle so that head + tail fit the policy's byte budget. The marker is not
 * counted against the budget, as in Codex. Token policies report removed tokens as
 * ceil((bytes - budget) / 4); byte policies report the characters actually dropped.
 */
export function truncateText(text: string, policy: TruncationPolicy): TruncateResult {
  const originalTokens = estimateTokens(text);
  const cut = middleCut(text, policy);
  if (cut === undefined) return { text, truncated: false, originalTokens };
  return { text: `${cut.head}${marker(policy, cut.removed)}${cut.tail}`, truncated: true, originalTokens };
}

/** Line count the way Rust's `str::lines` counts: a final newline does not start another line. */
export function countLines(text: string): number {
  if (text === '') return 0;
  let newlines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) newlines += 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}
