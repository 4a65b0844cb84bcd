import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { estimateItemTokens, estimateTokens } from '../../../src/history/token-estimate.js';

describe('estimateTokens', () => {
  it('rounds utf8 bytes / 4 up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a')).toBe(1);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    // The recorded `echo hi` output "hi\n" is 3 bytes: 1 token.
    expect(estimateTokens('hi\n')).toBe(1);
  });

  it('counts bytes, not characters, for non-ASCII text', () => {
    expect(estimateTokens('中文')).toBe(2); // 6 bytes
    expect(estimateTokens('中文测试')).toBe(3); // 12 bytes
    expect(estimateTokens('😀')).toBe(1); // 4 bytes
    expect(estimateTokens('😀a')).toBe(2); // 5 bytes
  });
});

describe('estimateItemTokens', () => {
  it('estimates ordinary items from their JSON serialization', () => {
    const item: ResponseItem = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hello' }] };
    const json = JSON.stringify(item);
    expect(estimateItemTokens(item)).toBe(Math.ceil(Buffer.byteLength(json) / 4));
  });

  it('estimates encrypted reasoning from its decoded size less the envelope', () => {
    const encrypted = 'x'.repeat(4000); // 3000 decoded bytes - 650 = 2350 bytes -> 588 tokens
    const item: ResponseItem = { type: 'reasoning', summary: [], content: null, encrypted_content: encrypted };
    expect(estimateItemTokens(item)).toBe(588);
    const tiny: ResponseItem = { type: 'compaction', encrypted_content: 'abc' };
    expect(estimateItemTokens(tiny)).toBe(0);
  });
});
