// A multi-megabyte `response.output_item.done` or `response.completed` is read as its bytes arrive,
// never held whole (large-event-reader.ts), so when it is not JSON there is no whole text to hand to
// JSON.parse for its own message. It is refused all the same, as a malformed stream event (ApiError,
// not retried), by a message that names the event, the byte of its data where it went wrong, and
// what JSON.parse said of the part read there.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/errors.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import { LONG_STRING, LongStringCache } from '../../../src/bytes/long-string-cache.js';
import { serveFixedSse, type FixedSseServer } from '../../../scripts/bench/fixed-sse-server.js';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { drain, minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';

/** The long strings read by each test (one cache per thread in weft; a fresh one per test here). */
let longStrings = new LongStringCache();

let fixed: FixedSseServer | undefined;
afterEach(async () => {
  await fixed?.close();
  fixed = undefined;
  longStrings.forget();
});

const text = 'a line of the answer, with "quotes" and é\n'.repeat(Math.ceil((LONG_STRING * 32) / 40));

/** The events of a text reply, with the data of the event `type` replaced by `data`. */
function replyWith(type: string, data: string): string {
  return (textReply(text).sse as { type: string }[])
    .map((e) => `event: ${e.type}\ndata: ${e.type === type ? data : JSON.stringify(e)}\n\n`)
    .join('');
}

function dataOf(type: string): string {
  return JSON.stringify((textReply(text).sse as { type: string }[]).find((e) => e.type === type));
}

/** The byte offset, in the UTF-8 data, of the character at `index` of `data`. */
const byteAt = (data: string, index: number): number => Buffer.byteLength(data.slice(0, index));

async function refusal(body: string): Promise<ApiError> {
  fixed = await serveFixedSse(body);
  const { error } = await drain(streamResponse({ longStrings, provider: mockProvider(fixed.url), body: minimalBody(), env: mockEnv }));
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a large event that is not JSON', () => {
  it('a bad escape deep in the answer of response.output_item.done: the event, the byte, JSON.parse’s words', async () => {
    const good = dataOf('response.output_item.done');
    const at = good.indexOf('quotes', good.length / 2);
    const data = `${good.slice(0, at)}\\x${good.slice(at)}`;
    expect(() => JSON.parse(data)).toThrow(SyntaxError);
    const err = await refusal(replyWith('response.output_item.done', data));
    expect(err.message).toContain('malformed stream event');
    expect(err.message).toContain(`'response.output_item.done' event`);
    expect(err.message).toContain(`at byte ${byteAt(data, at + 1)}:`);
    expect(err.message).toContain('Bad escaped character');
  });

  it('a raw control character in the repeated answer of response.completed', async () => {
    const good = dataOf('response.completed');
    const at = good.indexOf('quotes', good.length / 3);
    const data = `${good.slice(0, at)}\u0001${good.slice(at)}`;
    const err = await refusal(replyWith('response.completed', data));
    expect(err.message).toContain(`'response.completed' event`);
    expect(err.message).toContain(`at byte ${byteAt(data, at)}:`);
    expect(err.message).toContain('Bad control character');
  });

  it('a fault in the structure after the answer, its byte counted in the whole data', async () => {
    const good = dataOf('response.output_item.done');
    const at = good.lastIndexOf('}');
    const data = `${good.slice(0, at)},]${good.slice(at)}`;
    const err = await refusal(replyWith('response.output_item.done', data));
    expect(err.message).toContain(`'response.output_item.done' event`);
    expect(err.message).toContain(`at byte ${byteAt(data, at + 1)}:`);
    expect(err.message).toMatch(/property name/);
  });

  it('a misspelt literal after the answer, which JSON.parse reports by quoting what surrounds it', async () => {
    const good = dataOf('response.output_item.done');
    const at = good.lastIndexOf('}');
    for (const [inserted, offset] of [[',"flag":tru', 11], [',"flag":tru,"more":[1,2,3,4,5,6,7,8,9,10,11,12]', 11]] as const) {
      const data = `${good.slice(0, at)}${inserted}${good.slice(at)}`;
      const err = await refusal(replyWith('response.output_item.done', data));
      expect(err.message).toContain(`'response.output_item.done' event`);
      expect(err.message).toContain(`at byte ${byteAt(data, at + offset)}:`);
      expect(err.message).toContain('Unexpected token');
      await fixed?.close();
      fixed = undefined;
    }
  });

  it('data that ends inside the answer', async () => {
    const good = dataOf('response.output_item.done');
    const open = good.indexOf('"text":"') + '"text":'.length;
    const err = await refusal(replyWith('response.output_item.done', good.slice(0, good.length - 200)));
    expect(err.message).toContain(`'response.output_item.done' event`);
    expect(err.message).toContain(`at byte ${byteAt(good, open)}:`);
    expect(err.message).toContain('unterminated string');
  });
});
