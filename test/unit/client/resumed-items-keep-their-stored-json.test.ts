import { truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonBody, jsonBodyBytes } from '../../../src/client/json-body.js';
import { rawJsonBytes, rawJsonOf } from '../../../src/history/raw-json.js';
import { readRollout, responseItemOf } from '../../../src/rollout/format/reader.js';
import { recordedRollouts098 } from '../../support/recorded-rollouts.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function rolloutFile(lines: readonly string[]): Promise<string> {
  const path = join(await tempDir(), 'rollout.jsonl');
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

const META = '{"timestamp":"2026-01-01T00:00:00.000Z","type":"session_meta","payload":{"id":"0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/repo","originator":"t","cli_version":"0.98.0","source":"exec"}}';
const line = (payload: string) => `{"timestamp":"2026-01-01T00:00:01.000Z","type":"response_item","payload":${payload}}`;

const storedText = (item: object): string | undefined => {
  const raw = rawJsonOf(item);
  return raw && rawJsonBytes(raw).toString('utf8');
};

// 'memory': each item keeps a copy of its bytes; 'file' (resume): a range of the rollout file.
describe.each(['memory', 'file'] as const)('items read from a rollout, their bytes in %s', (itemBytes) => {
  it('keep the exact bytes of their payload, which is what JSON.stringify of the item gives, in every recorded Codex rollout', async () => {
    let checked = 0;
    for (const { name, text } of recordedRollouts098()) {
      const records = await readRollout(await rolloutFile(text.trimEnd().split('\n')), { itemBytes });
      for (const record of records) {
        if (record.line.type !== 'response_item') continue;
        const item = responseItemOf(record);
        const raw = rawJsonOf(item);
        expect(raw, name).toBeDefined();
        expect(storedText(item), name).toBe(JSON.stringify(item));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('read long fields back from those bytes, keep key order, and forward the bytes into a request body', async () => {
    const output = 'ü'.repeat(2000);
    const payload = `{"type":"function_call_output","call_id":"c1","output":${JSON.stringify(output)}}`;
    const [, record] = await readRollout(await rolloutFile([META, line(payload)]), { itemBytes });
    const item = responseItemOf(record!);
    expect(Object.keys(item)).toEqual(['type', 'call_id', 'output']);
    expect(item).toEqual({ type: 'function_call_output', call_id: 'c1', output });
    expect({ ...item }).toEqual({ type: 'function_call_output', call_id: 'c1', output });
    expect(structuredClone(item)).toEqual({ type: 'function_call_output', call_id: 'c1', output });
    const body = { model: 'm', input: [item, { type: 'message', role: 'user', content: [] }], stream: true };
    expect(jsonBodyBytes(jsonBody(body)).toString('utf8')).toBe(JSON.stringify(body));
  });

  it('lose their bytes when a field is assigned, so a changed item is serialized as it now is', async () => {
    const payload = `{"type":"function_call_output","call_id":"c1","output":${JSON.stringify('x'.repeat(600))}}`;
    const [, record] = await readRollout(await rolloutFile([META, line(payload)]), { itemBytes });
    const item = responseItemOf(record!) as { output: string };
    item.output = 'short';
    expect(rawJsonOf(item)).toBeUndefined();
    expect(jsonBodyBytes(jsonBody({ input: [item] })).toString('utf8')).toBe('{"input":[{"type":"function_call_output","call_id":"c1","output":"short"}]}');
  });

  it('with fields the schema does not know are not forwarded as stored: the record keeps them, the item drops them', async () => {
    const payload = '{"type":"function_call","name":"f","arguments":"{}","call_id":"c1","surprise":1}';
    const [, record] = await readRollout(await rolloutFile([META, line(payload)]), { itemBytes });
    expect(record!.line.payload).toEqual(JSON.parse(payload));
    const item = responseItemOf(record!);
    expect(rawJsonOf(item)).toBeUndefined();
    expect(JSON.stringify(item)).toBe('{"type":"function_call","name":"f","arguments":"{}","call_id":"c1"}');
  });

  it('written in another form (spaces, another envelope order) are read all the same, only without their bytes', async () => {
    const spaced = '{"timestamp": "2026-01-01T00:00:01.000Z", "type": "response_item", "payload": {"type": "message", "role": "user", "content": []}}';
    const reordered = '{"payload":{"type":"message","role":"user","content":[]},"type":"response_item","timestamp":"2026-01-01T00:00:01.000Z"}';
    const [, a, b] = await readRollout(await rolloutFile([META, spaced, reordered]), { itemBytes });
    for (const record of [a!, b!]) {
      const item = responseItemOf(record);
      expect(item).toEqual({ type: 'message', role: 'user', content: [] });
      expect(rawJsonOf(item)).toBeUndefined();
    }
  });

  it('cut long strings out of the parse without losing a byte: escapes, quotes, backslashes, nested parts, CRLF', async () => {
    const tricky = `${'a\\"b\\\\'.repeat(300)}"\\ end \\\\`;
    const items = [
      { type: 'function_call_output', call_id: 'c1', output: tricky },
      { type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd: tricky }), call_id: 'c2' },
      { type: 'reasoning', summary: [{ type: 'summary_text', text: `{"nested":"${'}'.repeat(1500)}"}` }], content: null, encrypted_content: 'Zm9v'.repeat(700) },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ünï'.repeat(800) }] },
    ];
    const lines = items.map((item) => line(JSON.stringify(item)));
    lines[1] = `${lines[1]}\r`;
    const records = await readRollout(await rolloutFile([META, ...lines]), { itemBytes });
    expect(records).toHaveLength(items.length + 1);
    records.slice(1).forEach((record, i) => {
      const item = responseItemOf(record);
      expect(storedText(item)).toBe(JSON.stringify(items[i]));
      expect(JSON.parse(JSON.stringify(item))).toEqual(items[i]);
    });
  });

  it('with an unknown field beside a long string are parsed whole, so the record still has every field', async () => {
    const payload = JSON.stringify({ type: 'function_call_output', call_id: 'c1', output: 'z'.repeat(5000), extra: { keep: true } });
    const [, record] = await readRollout(await rolloutFile([META, line(payload)]), { itemBytes });
    expect(record!.line.payload).toEqual(JSON.parse(payload));
    expect(responseItemOf(record!)).toEqual({ type: 'function_call_output', call_id: 'c1', output: 'z'.repeat(5000) });
  });

  it('in Codex 0.169 lines (ordinal before, metadata after the payload) keep their bytes and the envelope keeps its fields', async () => {
    const payload = JSON.stringify({ type: 'function_call_output', call_id: 'c9', output: 'q\\"'.repeat(700) });
    const text = `{"timestamp":"2026-01-01T00:00:01.000Z","ordinal":7,"type":"response_item","payload":${payload},"metadata":{"history_sequence":3}}`;
    const [, record] = await readRollout(await rolloutFile([META, text]), { itemBytes });
    expect((record!.line as unknown as { ordinal: number; metadata: unknown }).ordinal).toBe(7);
    expect((record!.line as unknown as { metadata: unknown }).metadata).toEqual({ history_sequence: 3 });
    const item = responseItemOf(record!);
    expect(storedText(item)).toBe(payload);
    expect(JSON.stringify(item)).toBe(payload);
  });
});

describe('items resumed from a rollout file', () => {
  it('hold a range of the file, not its bytes, and name the file when those bytes are gone', async () => {
    const output = 'r'.repeat(3000);
    const path = await rolloutFile([META, line(JSON.stringify({ type: 'function_call_output', call_id: 'c1', output }))]);
    const [, record] = await readRollout(path, { itemBytes: 'file' });
    const item = responseItemOf(record!);
    expect(Buffer.isBuffer(rawJsonOf(item))).toBe(false);
    await truncate(path, META.length + 10);
    expect(() => (item as { output: string }).output).toThrow(/rollout\.jsonl.*truncated/);
  });

  it('go into a request body byte for byte, however the items fall across the windows read from the file', async () => {
    const items = Array.from({ length: 400 }, (_, i) =>
      i % 97 === 5
        ? { type: 'function_call_output', call_id: `c${i}`, output: 'L'.repeat(300 * 1024) }
        : { type: 'function_call_output', call_id: `c${i}`, output: `${'ü'.repeat(i % 3)}${'x'.repeat(700 + ((i * 7919) % 20000))}` },
    );
    const path = await rolloutFile([META, ...items.map((item) => line(JSON.stringify(item)))]);
    const records = await readRollout(path, { itemBytes: 'file' });
    const input = records.slice(1).map((r) => responseItemOf(r));
    const body = { model: 'm', input, stream: true };
    const sent = jsonBody(body);
    expect(sent.byteLength).toBe(Buffer.byteLength(JSON.stringify(body)));
    expect(jsonBodyBytes(sent).toString('utf8')).toBe(JSON.stringify(body));
    expect(jsonBodyBytes(sent).equals(jsonBodyBytes(sent))).toBe(true);
  });
});
