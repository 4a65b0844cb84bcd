import { describe, expect, it } from 'vitest';
import { appendFile, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RolloutWriter } from '../../../src/rollout/format/writer.js';
import { readRollout } from '../../../src/rollout/format/reader.js';
import { RolloutError } from '../../../src/errors.js';

const meta = {
  type: 'session_meta' as const,
  payload: { id: '0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w', originator: 'weft', cli_version: '0.98.0', source: 'exec' },
};
const event = (n: number) => ({ type: 'event_msg' as const, payload: { type: 'agent_message', message: `m${n}` } });

async function rolloutWithTornTail(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'weft-torn-'));
  const path = join(dir, 'rollout.jsonl');
  const w = await RolloutWriter.create(path, meta);
  await w.append([event(1), event(2)]);
  await w.close();
  // What a process killed in the middle of a write leaves behind.
  await appendFile(path, '{"timestamp":"2026-01-01T00:00:01.000Z","type":"event_msg","payload":{"type":"agent_mess');
  return path;
}

describe('append after a torn last line', () => {
  it('reader keeps every complete line and warns about the torn one', async () => {
    const path = await rolloutWithTornTail();
    const warnings: string[] = [];
    const records = await readRollout(path, { onWarning: (w) => warnings.push(w) });
    expect(records.map((r) => r.line.type)).toEqual(['session_meta', 'event_msg', 'event_msg']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4: truncated last line`));
  });

  it('writer starts a fresh line after the torn bytes, and the new line reads back', async () => {
    const path = await rolloutWithTornTail();
    const w = await RolloutWriter.open(path);
    await w.append(event(3));
    await w.flush();
    await w.close();

    const text = await readFile(path, 'utf8');
    expect(text.endsWith('"message":"m3"}}\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toMatch(/"type":"agent_mess$/);

    const warnings: string[] = [];
    const records = await readRollout(path, { onWarning: (w) => warnings.push(w) });
    expect(records.map((r) => (r.line.payload as { message?: string }).message ?? r.line.type)).toEqual(['session_meta', 'm1', 'm2', 'm3']);
    expect(records[3]!.lineNo).toBe(5);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${path}:4: malformed JSON`);
  });

  it('adds no blank line when the file ends cleanly', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'weft-torn-'));
    const path = join(dir, 'rollout.jsonl');
    await (await RolloutWriter.create(path, meta)).close();
    const w = await RolloutWriter.open(path);
    await w.append(event(1));
    await w.close();
    const warnings: string[] = [];
    expect(await readRollout(path, { onWarning: (m) => warnings.push(m) })).toHaveLength(2);
    expect(warnings).toEqual([]);
  });

  it('refuses to open a rollout that does not exist', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'weft-torn-'));
    await expect(RolloutWriter.open(join(dir, 'nope.jsonl'))).rejects.toBeInstanceOf(RolloutError);
  });
});
