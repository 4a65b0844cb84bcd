import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RolloutWriter, formatRolloutLine, rolloutTimestamp } from '../../../src/rollout/format/writer.js';
import { RolloutError } from '../../../src/errors.js';
import { recordedRollout } from '../../support/recorded-rollouts.js';

const TS_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const meta = {
  type: 'session_meta' as const,
  payload: { id: '0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w', originator: 'weft', cli_version: '0.98.0', source: 'exec' },
};

describe('rollout line format', () => {
  it('puts timestamp, type, payload in that order whatever the object order, and keeps payload key order', () => {
    const line = formatRolloutLine({ payload: { z: 1, a: { y: 2, b: 3 } }, type: 'event_msg', timestamp: '2026-01-01T00:00:00.123Z' } as never);
    expect(line).toBe('{"timestamp":"2026-01-01T00:00:00.123Z","type":"event_msg","payload":{"z":1,"a":{"y":2,"b":3}}}');
  });

  it('re-serializes every recorded Codex line byte for byte', () => {
    const { text } = recordedRollout('codex-0.98/scenarios/tool_call/rollouts/1.jsonl');
    const lines = text.split('\n').filter((l) => l !== '');
    expect(lines.length).toBeGreaterThan(10);
    for (const original of lines) {
      const { timestamp, type, payload } = JSON.parse(original) as { timestamp: string; type: 'event_msg'; payload: unknown };
      expect(formatRolloutLine({ timestamp, type, payload })).toBe(original);
    }
  });

  it('escapes strings like serde_json: control characters only, non-ASCII raw', () => {
    const line = formatRolloutLine({ timestamp: 't', type: 'event_msg', payload: { type: 'x', s: 'a\nb\t"q"\\ é 漢 \u001b \u2028' } });
    expect(line).toContain('"s":"a\\nb\\t\\"q\\"\\\\ é 漢 \\u001b \u2028"');
  });

  it('stamps lines with UTC milliseconds and Z', () => {
    expect(rolloutTimestamp(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe('2026-01-02T03:04:05.006Z');
    expect(JSON.parse(formatRolloutLine({ type: 'event_msg', payload: { type: 'x' } })).timestamp).toMatch(TS_RE);
  });

  it('writes one line per record, each ending in a newline, meta first', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'weft-fmt-'));
    const path = join(dir, 'a', 'b', 'rollout.jsonl');
    const w = await RolloutWriter.create(path, meta);
    await w.append({ type: 'event_msg', payload: { type: 'user_message', message: 'multi\nline' } });
    await w.append([
      { type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'hi' }] } },
      { type: 'event_msg', payload: { type: 'token_count', info: null } },
    ]);
    await w.close();
    const text = await readFile(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(4);
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.map((p) => p.type)).toEqual(['session_meta', 'event_msg', 'response_item', 'event_msg']);
    for (const [i, p] of parsed.entries()) {
      expect(Object.keys(p)).toEqual(['timestamp', 'type', 'payload']);
      expect(p.timestamp).toMatch(TS_RE);
      expect(lines[i]!.startsWith('{"timestamp":"')).toBe(true);
    }
  });

  it('never interleaves concurrent appends and keeps call order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'weft-fmt-'));
    const path = join(dir, 'rollout.jsonl');
    const w = await RolloutWriter.create(path, meta);
    const big = 'x'.repeat(100_000);
    const pending: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) pending.push(w.append({ type: 'event_msg', payload: { type: 'n', i, big: i % 10 === 0 ? big : '' } }));
    await Promise.all([...pending, w.flush()]);
    await w.close();
    const lines = (await readFile(path, 'utf8')).slice(0, -1).split('\n');
    expect(lines).toHaveLength(201);
    expect(lines.slice(1).map((l) => (JSON.parse(l) as { payload: { i: number } }).payload.i)).toEqual([...Array(200).keys()]);
  });

  it('refuses to create over an existing file, and refuses a first line that is not session_meta', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'weft-fmt-'));
    const path = join(dir, 'rollout.jsonl');
    await writeFile(path, 'keep me\n');
    await expect(RolloutWriter.create(path, meta)).rejects.toBeInstanceOf(RolloutError);
    expect(await readFile(path, 'utf8')).toBe('keep me\n');
    await expect(RolloutWriter.create(join(dir, 'other.jsonl'), { type: 'event_msg', payload: { type: 'x' } })).rejects.toThrow(/session_meta/);
  });
});
