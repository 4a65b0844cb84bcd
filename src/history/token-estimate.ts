// Token estimates the way Codex makes them: no tokenizer, a flat 4 UTF-8 bytes per token rounded up.
// Tool output headers ("Original token count"), truncation budgets and auto-compaction all use these,
// so they must agree with Codex to the token.
import type { ResponseItem } from '../../protocol/responses-items.js';
import { rawJsonOf } from './raw-json.js';

export const BYTES_PER_TOKEN = 4;

// Encrypted reasoning is base64 of a larger payload plus a fixed envelope; Codex sizes it as 3/4 of
// the encoded length less 650 bytes rather than counting the opaque text itself.
const ENCRYPTED_ENVELOPE_BYTES = 650;

/** UTF-8 length of `text` in bytes. */
export function utf8ByteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Tokens for a byte count: ceil(bytes / 4); zero or negative counts give 0. */
export function tokensForBytes(bytes: number): number {
  if (!(bytes > 0)) return 0;
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}

/** Bytes a token budget stands for: tokens * 4. */
export function bytesForTokens(tokens: number): number {
  if (!(tokens > 0)) return 0;
  return Math.floor(tokens) * BYTES_PER_TOKEN;
}

/** Estimated tokens of `text`: ceil(utf8 bytes / 4). */
export function estimateTokens(text: string): number {
  return tokensForBytes(utf8ByteLength(text));
}

function encryptedPayloadBytes(encodedLength: number): number {
  return Math.max(0, Math.floor((encodedLength * 3) / 4) - ENCRYPTED_ENVELOPE_BYTES);
}

/**
 * Estimated tokens of one history item: encrypted reasoning and compaction items by their decoded
 * size, everything else by the length of its JSON serialization.
 */
export function estimateItemTokens(item: ResponseItem): number {
  if (item.type === 'reasoning' && typeof item.encrypted_content === 'string') {
    return tokensForBytes(encryptedPayloadBytes(item.encrypted_content.length));
  }
  if (item.type === 'compaction' || item.type === 'compaction_summary') {
    return tokensForBytes(encryptedPayloadBytes(item.encrypted_content.length));
  }
  // An item read from a rollout still has its JSON bytes: the same count, without serializing it.
  const raw = rawJsonOf(item);
  return raw ? tokensForBytes(raw.length) : estimateTokens(JSON.stringify(item));
}

/** Sum of `estimateItemTokens` over `items`. */
export function estimateItemsTokens(items: readonly ResponseItem[]): number {
  let total = 0;
  for (const item of items) total += estimateItemTokens(item);
  return total;
}

/** Bytes Codex assumes an image part costs, whatever its size. */
export const IMAGE_PART_BYTES = 7373;

/**
 * Estimated tokens of one item as Codex 0.169 counts what the model sees (measured against the
 * binary, docs/compaction-estimate.md): a message by the UTF-8 bytes of its texts (an image part as
 * a fixed byte count), a call's output by the bytes of its call id and its text, an
 * `additional_tools` item by the JSON of its specs, encrypted payloads by their decoded size, any
 * other item (not measured) by its JSON without the id and metadata weft keeps with it.
 */
export function estimateVisibleItemTokens(item: ResponseItem): number {
  if (item.type === 'message') {
    let bytes = 0;
    for (const part of item.content) bytes += part.type === 'input_image' ? IMAGE_PART_BYTES : utf8ByteLength(part.text);
    return tokensForBytes(bytes);
  }
  if (item.type === 'additional_tools') return estimateTokens(JSON.stringify(item.tools));
  if (item.type === 'function_call_output' || item.type === 'custom_tool_call_output') {
    // A call's output: its call id and the bytes of its text (parts as a message's).
    const output = item.output;
    let bytes = utf8ByteLength(item.call_id ?? '');
    if (typeof output === 'string') bytes += utf8ByteLength(output);
    else for (const part of output) bytes += part.type === 'input_image' ? IMAGE_PART_BYTES : utf8ByteLength(part.text);
    return tokensForBytes(bytes);
  }
  if ((item.type === 'reasoning' && typeof item.encrypted_content === 'string') || item.type === 'compaction' || item.type === 'compaction_summary') {
    return estimateItemTokens(item);
  }
  const { id: _id, internal_chat_message_metadata_passthrough: _meta, ...visible } = item as ResponseItem & { id?: unknown; internal_chat_message_metadata_passthrough?: unknown };
  return estimateTokens(JSON.stringify(visible));
}
