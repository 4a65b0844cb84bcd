import { describe, expect, it } from 'vitest';
import { countLines, middleCut, truncateText } from '../../../src/history/truncate-output.js';

describe('truncateText under a token policy', () => {
  it('leaves text that fits the byte budget unchanged', () => {
    expect(truncateText('short output', { mode: 'tokens', limit: 100 })).toEqual({
      text: 'short output',
      truncated: false,
      originalTokens: 3,
    });
  });

  it('keeps head and tail halves of limit*4 bytes with a "…N tokens truncated…" marker', () => {
    const text = 'this is an example of a long output that should be truncated'; // 60 bytes
    const result = truncateText(text, { mode: 'tokens', limit: 5 }); // 20 bytes kept, 40 removed
    expect(result).toEqual({ text: 'this is an…10 tokens truncated… truncated', truncated: true, originalTokens: 15 });
  });

  it('never splits a UTF-8 character and counts removed tokens from removed bytes', () => {
    const text = '😀😀😀😀😀😀😀😀😀😀\nsecond line with text\n'; // 62 bytes
    const result = truncateText(text, { mode: 'tokens', limit: 8 });
    expect(result.text).toBe('😀😀😀😀…8 tokens truncated… line with text\n');
    expect(result.originalTokens).toBe(16);
    expect(result.text).not.toContain('\uFFFD');

    expect(truncateText('一二三四五六七八九十', { mode: 'tokens', limit: 3 }).text).toBe('一二…5 tokens truncated…九十');
  });

  it('reports everything as removed when the limit is zero', () => {
    expect(truncateText('abcdef', { mode: 'tokens', limit: 0 })).toEqual({
      text: '…2 tokens truncated…',
      truncated: true,
      originalTokens: 2,
    });
  });
});

describe('truncateText under a byte policy', () => {
  it('counts removed characters in a "…N chars truncated…" marker', () => {
    const text = '😀😀😀😀😀😀😀😀😀😀\nsecond line with text\n';
    expect(truncateText(text, { mode: 'bytes', limit: 20 }).text).toBe('😀😀…21 chars truncated…with text\n');
    expect(truncateText('example output', { mode: 'bytes', limit: 1 }).text).toBe('…13 chars truncated…t');
  });
});

describe('middleCut', () => {
  it('gives the head, the tail and the tokens left out between them', () => {
    const text = 'this is an example of a long output that should be truncated\nalso some other line';
    expect(middleCut(text, { mode: 'tokens', limit: 10 })).toEqual({
      head: 'this is an example o',
      removed: 11,
      tail: 'also some other line',
    });
  });

  it('leaves fitting output alone', () => {
    expect(middleCut('hi\n', { mode: 'tokens', limit: 10000 })).toBeUndefined();
  });

  it('counts lines like Rust str::lines', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\n\nb')).toBe(3);
    expect(countLines('\n')).toBe(1);
  });
});
