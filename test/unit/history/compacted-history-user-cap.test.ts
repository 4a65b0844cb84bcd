import { describe, expect, it } from 'vitest';
import { buildCompactedHistory, selectUserMessages, summaryMessageText, USER_MESSAGE_TOKEN_CAP } from '../../../src/history/compacted-history.js';
import { textMessage } from '../../../src/history/message.js';

// 40 ASCII bytes each = 10 estimated tokens each.
const A = 'a'.repeat(40);
const B = 'abcdefghijklmnopqrstuvwxyz0123456789ABCD';
const C = 'c'.repeat(40);

describe('selectUserMessages', () => {
  it('caps at 20,000 estimated tokens by default', () => {
    expect(USER_MESSAGE_TOKEN_CAP).toBe(20_000);
  });

  it('keeps every message, in order, when all fit', () => {
    expect(selectUserMessages([A, B, C], 30)).toEqual([A, B, C]);
  });

  it('keeps the most recent messages and cuts the oldest kept one in the middle', () => {
    // C takes 10 of 15 tokens; B gets the 5 left (20 bytes): 10-byte head, 10-byte tail, 5 tokens removed.
    expect(selectUserMessages([A, B, C], 15)).toEqual(['abcdefghij…5 tokens truncated…456789ABCD', C]);
  });

  it('drops older messages entirely once the cap is used up exactly', () => {
    expect(selectUserMessages([A, B, C], 20)).toEqual([B, C]);
  });

  it('cuts the newest message when it alone is over the cap', () => {
    expect(selectUserMessages([A, B], 5)).toEqual(['abcdefghij…5 tokens truncated…456789ABCD']);
  });

  it('keeps nothing from nothing', () => {
    expect(selectUserMessages([], 100)).toEqual([]);
  });
});

describe('buildCompactedHistory', () => {
  it('is the initial context, then the kept user messages, then the summary', () => {
    const initial = [textMessage('developer', 'PERMISSIONS'), textMessage('user', 'ENV')];
    expect(buildCompactedHistory(initial, [A, B, C], 'SUMMARY', 15)).toEqual([
      textMessage('developer', 'PERMISSIONS'),
      textMessage('user', 'ENV'),
      textMessage('user', 'abcdefghij…5 tokens truncated…456789ABCD'),
      textMessage('user', C),
      textMessage('user', 'SUMMARY'),
    ]);
  });

  it('is the initial context and the summary when there are no user messages', () => {
    expect(buildCompactedHistory([textMessage('user', 'ENV')], [], 'SUMMARY')).toEqual([textMessage('user', 'ENV'), textMessage('user', 'SUMMARY')]);
  });
});

describe('summaryMessageText', () => {
  it('joins prefix, separator and summary', () => {
    expect(summaryMessageText('PREFIX', '\n', 'the summary')).toBe('PREFIX\nthe summary');
  });
});
