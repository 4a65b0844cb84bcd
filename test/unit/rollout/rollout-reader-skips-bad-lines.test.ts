import { describe, expect, it } from 'vitest';
import { mkdtemp, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyItemOf, readRollout, responseItemOf } from '../../../src/rollout/format/reader.js';
import { knownEventOf } from '../../../src/rollout/format/known-events.js';
import { RolloutError } from '../../../src/errors.js';

const TS = '2026-01-01T00:00:00.123Z';
const line = (type: string, payload: unknown): string => JSON.stringify({ timestamp: TS, type, payload });
const META = line('session_meta', { id: '0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a', timestamp: TS, cwd: '/w', originator: 'o', cli_version: '0.98.0', source: 'exec' });
const USER = line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] });
const EVENT = line('event_msg', { type: 'user_message', message: 'hi' });
const TURN = line('turn_context', { cwd: '/w', approval_policy: 'never', sandbox_policy: { type: 'read-only' }, model: 'm' });
const NEWER = JSON.stringify({ timestamp: TS, ordinal: 7, type: 'response_item', metadata: { a: 1 }, payload: { type: 'message', role: 'assistant', content: [], extra: true } });

async function fileWith(bytes: Buffer | string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'weft-read-'));
  const path = join(dir, 'rollout.jsonl');
  await writeFile(path, bytes);
  return path;
}

describe('rollout reader', () => {
  it('skips BOM, blank, malformed, schema-invalid and truncated lines with file:line warnings, keeping everything else', async () => {
    const lines = [
      META, // 1 (after a BOM)
      '', // 2 blank
      USER, // 3
      '{"timestamp":"x","type":', // 4 malformed
      line('session_meta', { id: 'x', timestamp: TS, originator: 'o', cli_version: '0.98.0', source: 'exec' }), // 5 session_meta without cwd
      line('response_item', { role: 'user' }), // 6 response_item without a type
      line('no_such_type', {}), // 7 unknown line type
      '   ', // 8 blank (spaces)
      EVENT, // 9
      '[1,2]', // 10 not an object
      TURN, // 11
      NEWER, // 12 newer Codex line: extra envelope keys and payload fields
    ];
    const torn = USER.slice(0, 40); // 13: torn last line, no newline
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\n')}\n${torn}`)]);
    const path = await fileWith(bytes);
    const warnings: string[] = [];
    const records = await readRollout(path, { onWarning: (w) => warnings.push(w) });

    expect(records.map((r) => r.lineNo)).toEqual([1, 3, 9, 11, 12]);
    expect(records.map((r) => r.line.type)).toEqual(['session_meta', 'response_item', 'event_msg', 'turn_context', 'response_item']);
    // Offsets point at the line's bytes in the file.
    for (const r of records) {
      const text = bytes.subarray(r.offset, r.offset + r.length).toString('utf8');
      expect(text).toBe(lines[r.lineNo - 1]);
    }
    expect(records[0]!.offset).toBe(3);
    // Unknown fields survive the read.
    expect(records[4]!.line.payload).toEqual({ type: 'message', role: 'assistant', content: [], extra: true });

    const warnedLines = warnings.map((w) => {
      expect(w.startsWith(`${path}:`)).toBe(true);
      return Number(w.slice(path.length + 1).split(':')[0]);
    });
    expect(warnedLines).toEqual([1, 2, 4, 5, 6, 7, 8, 10, 13]);
    expect(warnings[0]).toMatch(/byte order mark/);
    expect(warnings[1]).toMatch(/blank line/);
    expect(warnings[2]).toMatch(/malformed JSON/);
    expect(warnings[3]).toMatch(/invalid session_meta payload: cwd/);
    expect(warnings[4]).toMatch(/response_item payload has no string "type"/);
    expect(warnings[5]).toMatch(/unknown line type "no_such_type"/);
    expect(warnings[8]).toMatch(/truncated last line/);
  });

  it('keeps a complete last line that lacks its newline', async () => {
    const path = await fileWith(`${META}\n${EVENT}`);
    const warnings: string[] = [];
    const records = await readRollout(path, { onWarning: (w) => warnings.push(w) });
    expect(records.map((r) => r.lineNo)).toEqual([1, 2]);
    expect(warnings).toEqual([]);
  });

  it('skips a response item its schema refuses, naming file and line, and keeps the others whole', async () => {
    const bad = line('response_item', { type: 'message', role: 'user', content: 'not an array' });
    const path = await fileWith(`${META}\n${USER}\n${bad}\n`);
    const warnings: string[] = [];
    const records = await readRollout(path, { onWarning: (w) => warnings.push(w) });
    expect(records.map((r) => r.lineNo)).toEqual([1, 2]);
    expect(responseItemOf(records[1]!, path)).toEqual({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.startsWith(`${path}:3: invalid response_item payload: content`)).toBe(true);
  });

  it('keeps items and events of kinds it does not know, as read, out of any history', async () => {
    const newerItem = { type: 'no_such_item', text: 'x', nested: { a: [1] } };
    const newerEvent = { type: 'no_such_event', whatever: true };
    const ghost = { type: 'ghost_snapshot', ghost_commit: { id: 'abc' } };
    const path = await fileWith([META, USER, line('response_item', newerItem), line('event_msg', newerEvent), line('response_item', ghost), ''].join('\n'));
    const warnings: string[] = [];
    const records = await readRollout(path, { onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
    expect(records.map((r) => r.line.payload)).toEqual([expect.anything(), expect.anything(), newerItem, newerEvent, ghost]);
    expect(records.map((r) => (r.line.type === 'response_item' ? historyItemOf(r, path)?.type : r.line.type))).toEqual([
      'session_meta',
      'message',
      undefined,
      'event_msg',
      undefined,
    ]);
    expect(records.map((r) => knownEventOf(r.line)?.type)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('checks an event of a kind it reads against that kind, skipping it when refused', async () => {
    const rolledBack = line('event_msg', { type: 'thread_rolled_back', num_turns: 2, extra: 'kept' });
    const badRollback = line('event_msg', { type: 'thread_rolled_back', num_turns: 'two' });
    const badName = line('event_msg', { type: 'thread_name_updated', thread_name: 7 });
    const path = await fileWith([META, rolledBack, badRollback, badName, EVENT, ''].join('\n'));
    const warnings: string[] = [];
    const records = await readRollout(path, { onWarning: (w) => warnings.push(w) });
    expect(records.map((r) => r.lineNo)).toEqual([1, 2, 5]);
    const events = records.map((r) => knownEventOf(r.line));
    expect(events[1]).toEqual({ type: 'thread_rolled_back', num_turns: 2, extra: 'kept' });
    expect(events[2]?.type === 'user_message' ? events[2].message : undefined).toBe('hi');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(new RegExp(`^${path}:3: invalid event_msg payload: num_turns`));
    expect(warnings[1]).toMatch(new RegExp(`^${path}:4: invalid event_msg payload: thread_name`));
  });

  it('refuses, naming file and line, a record whose item was never checked', () => {
    const record = { line: JSON.parse(line('response_item', { type: 'message', role: 'user' })), lineNo: 7, offset: 0, length: 0 };
    expect(() => responseItemOf(record, '/x.jsonl')).toThrow(RolloutError);
    expect(() => responseItemOf(record, '/x.jsonl')).toThrow('/x.jsonl:7: invalid response_item payload: content');
  });

  it('throws a RolloutError naming the file when it cannot be read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'weft-read-'));
    await expect(readRollout(join(dir, 'missing.jsonl'))).rejects.toThrow(/missing\.jsonl/);
    expect(await readFile(await fileWith(''), 'utf8')).toBe('');
    expect(await readRollout(await fileWith(''))).toEqual([]);
  });
});
