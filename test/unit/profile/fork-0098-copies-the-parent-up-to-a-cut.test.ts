import { describe, expect, it } from 'vitest';
import { appendFile, mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { forkRollout098 as forkRollout } from '../../../src/profile/codex-0.98/fork-rollout.js';
import { readRollout } from '../../../src/rollout/format/reader.js';
import { RolloutWriter } from '../../../src/rollout/format/writer.js';
import { rolloutPath } from '../../../src/rollout/store/paths.js';
import { newThreadId } from '../../../src/rollout/store/thread-id.js';
import { UsageError } from '../../../src/errors.js';
import type { SessionMeta } from '../../../protocol/rollout.js';
import { FAKE_THREAD_ID, FAKE_THREAD_ID_2, recordedRollout } from '../../support/recorded-rollouts.js';
import { buildThread, sessionMetaPayload, userTurn } from '../../support/rollout-builders.js';

const NOW = new Date('2026-01-02T03:04:05.678Z');

async function parentFrom(home: string, text: string): Promise<string> {
  const path = rolloutPath(home, FAKE_THREAD_ID, new Date(2026, 0, 1, 10, 0, 0));
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
  return path;
}

function lineOffsets(text: string): number[] {
  const offsets: number[] = [];
  let pos = 0;
  for (const l of text.split('\n').slice(0, -1)) {
    offsets.push(pos);
    pos += Buffer.byteLength(l) + 1;
  }
  return offsets;
}

function metaFor(cwd = '/w'): SessionMeta {
  return sessionMetaPayload('ignored', NOW, cwd) as SessionMeta;
}

async function noWarnings(path: string): Promise<void> {
  const warnings: string[] = [];
  await readRollout(path, { onWarning: (w) => warnings.push(w) });
  expect(warnings).toEqual([]);
}

describe('fork a rollout', () => {
  it('whole fork reproduces the recorded Codex fork file: own meta, then the parent bytes', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-fork-'));
    const parentText = recordedRollout('codex-0.98/scenarios/app_fork/rollouts/1.jsonl').text;
    const recordedFork = recordedRollout('codex-0.98/scenarios/app_fork/rollouts/2.jsonl').text;
    const parentPath = await parentFrom(home, parentText);
    const recordedMeta = (JSON.parse(recordedFork.slice(0, recordedFork.indexOf('\n'))) as { payload: SessionMeta }).payload;

    const r = await forkRollout({ home, parentPath, newId: FAKE_THREAD_ID_2, newSessionMeta: { ...recordedMeta, id: 'x', forked_from_id: 'y' }, now: NOW });
    expect(r).toMatchObject({ id: FAKE_THREAD_ID_2, parentId: FAKE_THREAD_ID, copiedBytes: Buffer.byteLength(parentText) });
    expect(r.path).toBe(rolloutPath(home, FAKE_THREAD_ID_2, NOW));

    const forkText = await readFile(r.path, 'utf8');
    const parentLines = parentText.split('\n').length - 1;
    // The recorded fork file, up to where the fork's own first turn starts.
    const expected = recordedFork.split('\n').slice(0, parentLines + 1).join('\n') + '\n';
    expect(forkText).toBe(expected);
    expect(forkText.slice(forkText.indexOf('\n') + 1)).toBe(parentText);
    await noWarnings(r.path);
  });

  it('fork at N copies the parent bytes up to the first line of turn N (before its injected context)', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-fork-'));
    const parentText = recordedRollout('codex-0.98/scenarios/resume/rollouts/1.jsonl').text;
    const parentPath = await parentFrom(home, parentText);
    const parentBytes = Buffer.from(parentText);
    const offsets = lineOffsets(parentText);
    const types = parentText.split('\n').slice(0, -1).map((l) => JSON.parse(l) as { type: string; payload: { role?: string } });
    // Turn 2 begins with the permissions developer message at line 11 (0-based); its prompt is at 14.
    expect(types[11]!.payload.role).toBe('developer');

    for (const [n, line] of [[0, 1], [1, 11]] as const) {
      const r = await forkRollout({ home, parentPath, newId: newThreadId(), newSessionMeta: metaFor(), cutBeforeUserMessage: n, now: NOW });
      const fork = await readFile(r.path);
      const firstNl = fork.indexOf(0x0a);
      const meta = JSON.parse(fork.subarray(0, firstNl).toString()) as { payload: SessionMeta };
      expect(meta.payload.id).toBe(r.id);
      expect(meta.payload.forked_from_id).toBe(FAKE_THREAD_ID);
      expect(Object.keys(meta.payload).slice(0, 3)).toEqual(['id', 'forked_from_id', 'timestamp']);
      expect(r.copiedBytes).toBe(offsets[line]);
      expect(fork.subarray(firstNl + 1).equals(parentBytes.subarray(0, offsets[line]))).toBe(true);
      await noWarnings(r.path);
    }
  });

  it('refuses a cut past the last user message with UsageError and leaves no file behind', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-fork-'));
    const parentPath = await parentFrom(home, recordedRollout('codex-0.98/scenarios/resume/rollouts/1.jsonl').text);
    await expect(forkRollout({ home, parentPath, newId: newThreadId(), newSessionMeta: metaFor(), cutBeforeUserMessage: 2, now: NOW })).rejects.toBeInstanceOf(UsageError);
    await expect(forkRollout({ home, parentPath, newId: newThreadId(), newSessionMeta: metaFor(), cutBeforeUserMessage: -1, now: NOW })).rejects.toBeInstanceOf(UsageError);
    await expect(forkRollout({ home, parentPath, newId: '../../x', newSessionMeta: metaFor(), now: NOW })).rejects.toBeInstanceOf(UsageError);
    expect(await readdir(dirname(parentPath))).toEqual([parentPath.split('/').pop()]);
  });

  it('does not carry a torn last line of the parent into a whole fork', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-fork-'));
    const parent = await buildThread(home, new Date(2026, 0, 5, 9), { prompts: ['a'] });
    const complete = await readFile(parent.path);
    await appendFile(parent.path, '{"timestamp":"2026-01-05T09:00:00.000Z","type":"event_m');
    const r = await forkRollout({ home, parentPath: parent.path, newId: newThreadId(), newSessionMeta: metaFor(), now: NOW });
    const fork = await readFile(r.path);
    expect(fork.subarray(fork.indexOf(0x0a) + 1).equals(complete)).toBe(true);
    await noWarnings(r.path);
  });

  it('counts user messages after rollbacks, like Codex, also when the rollback comes after the first cut candidate', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-fork-'));
    const parent = await buildThread(home, new Date(2026, 0, 6, 9), { prompts: ['p0', 'p1', 'p2'] });
    const w = await RolloutWriter.open(parent.path);
    await w.append({ type: 'event_msg', payload: { type: 'thread_rolled_back', num_turns: 2 } });
    await w.append(userTurn('p3'));
    await w.close();
    const records = await readRollout(parent.path);
    const startOf = (prompt: string): number => {
      const i = records.findIndex((r) => r.line.type === 'event_msg' && r.line.payload.type === 'user_message' && r.line.payload.message === prompt);
      return records[i - 3]!.offset; // developer, environment, prompt, event
    };
    // Effective user messages: p0, p3 (p1 and p2 were rolled back).
    const r1 = await forkRollout({ home, parentPath: parent.path, newId: newThreadId(), newSessionMeta: metaFor(), cutBeforeUserMessage: 1, now: NOW });
    expect(r1.copiedBytes).toBe(startOf('p3'));
    await expect(forkRollout({ home, parentPath: parent.path, newId: newThreadId(), newSessionMeta: metaFor(), cutBeforeUserMessage: 2, now: NOW })).rejects.toThrow(/has 2 user message/);
  });

  it('finds the cut across read-chunk boundaries in a large parent', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-fork-'));
    const id = newThreadId();
    const path = rolloutPath(home, id, new Date(2026, 0, 7, 9));
    const w = await RolloutWriter.create(path, { type: 'session_meta', payload: sessionMetaPayload(id, NOW, '/w') });
    const big = 'y'.repeat(700_000);
    for (let i = 0; i < 8; i++) {
      await w.append(userTurn(`q${i}`, `${big}${i}`));
      await w.append({ type: 'response_item', payload: { type: 'function_call_output', call_id: `c${i}`, output: `"message" "response_item" ${big}` } });
    }
    await w.close();
    const bytes = await readFile(path);
    const records = await readRollout(path);
    const prompts = records.filter((r) => r.line.type === 'response_item' && (r.line.payload as { role?: string }).role === 'user' && !(JSON.stringify(r.line.payload).includes('environment_context')));
    expect(prompts).toHaveLength(8);
    for (const n of [0, 3, 7]) {
      const idx = records.indexOf(prompts[n]!);
      const expected = records[idx - 2]!.offset;
      const r = await forkRollout({ home, parentPath: path, newId: newThreadId(), newSessionMeta: metaFor(), cutBeforeUserMessage: n, now: NOW });
      expect(r.copiedBytes).toBe(expected);
      const fork = await readFile(r.path);
      expect(fork.subarray(fork.indexOf(0x0a) + 1).equals(bytes.subarray(0, expected))).toBe(true);
    }
  });

  it('leaves out a parent\'s byte order mark, which would otherwise corrupt the copied meta line', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-fork-'));
    const parentText = recordedRollout('codex-0.98/scenarios/app_fork/rollouts/1.jsonl').text;
    const parentPath = await parentFrom(home, `\uFEFF${parentText}`);
    const r = await forkRollout({ home, parentPath, newId: FAKE_THREAD_ID_2, newSessionMeta: sessionMetaPayload(FAKE_THREAD_ID_2, NOW, '/repo'), now: NOW });
    expect(r.copiedBytes).toBe(Buffer.byteLength(parentText));
    const forkText = await readFile(r.path, 'utf8');
    expect(forkText.slice(forkText.indexOf('\n') + 1)).toBe(parentText);
    const warnings: string[] = [];
    await readRollout(r.path, { onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
  });
});
