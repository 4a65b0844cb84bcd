// The one text the app-server request comparison masks: the base instructions of Codex's fallback
// model entry (the recordings use a slug no catalog knows). Codex keeps that text in its binary, so
// no Codex pack holds it and weft sends its own (templates/fallback_model/base_instructions.md)
// instead. Both sides get one placeholder for exactly that string, and nothing else is touched.
// See test/conformance/known-pending.ts (MASKED_TEXTS) for the record of why.
import { isRecord } from '../conformance/diff.js';

export const FALLBACK_INSTRUCTIONS_PLACEHOLDER = '{{FALLBACK_BASE_INSTRUCTIONS}}';

/** The base instructions a recorded body carries: `instructions` (0.98) or the first developer message's text (0.169). */
export function recordedBaseInstructions(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (typeof body.instructions === 'string') return body.instructions;
  const first = Array.isArray(body.input) ? body.input[0] : undefined;
  if (!isRecord(first) || first.role !== 'developer' || !Array.isArray(first.content)) return undefined;
  const part: unknown = first.content[0];
  return isRecord(part) && typeof part.text === 'string' ? part.text : undefined;
}

/** `value` with every string equal to `text` replaced by the placeholder. */
export function maskText(value: unknown, text: string): unknown {
  if (value === text) return FALLBACK_INSTRUCTIONS_PLACEHOLDER;
  if (Array.isArray(value)) return value.map((v) => maskText(v, text));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskText(v, text)]));
  return value;
}
