import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionMeta } from '../../../protocol/rollout.js';
import { forkCutIndex, forkRollout0169 } from '../../../src/profile/codex-0.169/fork-rollout.js';
import { historyBaseOf, withHistoryBase } from '../../../src/rollout/store/history-base.js';
import { rolloutPath } from '../../../src/rollout/store/paths.js';
import { readRollout } from '../../../src/rollout/format/reader.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const PARENT = '01a200af-0000-7000-8000-000000000001';
const CHILD = '01a200af-0000-7000-8000-000000000002';
const T = '2026-01-01T00:00:00.000Z';

const line = (ordinal: number, type: string, payload: unknown) => JSON.stringify({ timestamp: T, ordinal, type, payload });
const msg = (role: string, text: string) => ({ type: 'message', id: `msg_${text}`, role, content: [{ type: 'input_text', text }] });

/** A two-turn 0.169 parent: meta, then per turn task_started, context, prompt, answer. */
function parentLines(): string[] {
  return [
    line(0, 'session_meta', { id: PARENT, timestamp: T, cwd: '/r', originator: 'codex_exec', cli_version: '0.169.0', source: 'exec', thread_source: 'user', base_instructions: { text: 'B', provenance: { type: 'model', model: 'gpt-5.5' } }, history_mode: 'paginated', context_window: { window_id: 'w0' } }),
    line(1, 'event_msg', { type: 'task_started' }),
    line(2, 'response_item', msg('developer', 'ctx')),
    line(3, 'response_item', { ...msg('user', '<environment_context>x</environment_context>') }),
    line(4, 'turn_context', { cwd: '/r', approval_policy: 'never', sandbox_policy: { type: 'read-only' }, model: 'gpt-5.5', multi_agent_version: 'v1' }),
    line(5, 'response_item', msg('user', 'first')),
    line(6, 'response_item', { ...msg('assistant', 'answer1'), role: 'assistant' }),
    line(7, 'event_msg', { type: 'task_complete' }),
    line(8, 'event_msg', { type: 'task_started' }),
    line(9, 'turn_context', { cwd: '/r', approval_policy: 'never', sandbox_policy: { type: 'read-only' }, model: 'gpt-5.5', multi_agent_version: 'v1' }),
    line(10, 'response_item', msg('user', 'second')),
    line(11, 'response_item', { ...msg('assistant', 'answer2'), role: 'assistant' }),
  ];
}

async function home(): Promise<{ home: string; parentPath: string }> {
  const h = await tempDir();
  const parentPath = rolloutPath(h, PARENT, new Date(T));
  await writeTree(h, { [parentPath.slice(h.length + 1)]: `${parentLines().join('\n')}\n` });
  return { home: h, parentPath };
}

const newMeta = (): SessionMeta => ({ id: CHILD, timestamp: T, cwd: '/r', originator: 'codex_exec', cli_version: '0.169.0', source: 'exec', base_instructions: { text: 'B' } });

describe('a codex-0.169 fork', () => {
  it('is one session_meta line naming the parent, its ordinal where the parent ends', async () => {
    const { home: h, parentPath } = await home();
    const fork = await forkRollout0169({ home: h, parentPath, newId: CHILD, now: new Date(T), newSessionMeta: newMeta() });
    const lines = (await readFile(fork.path, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1);
    const meta = JSON.parse(lines[0] as string) as { ordinal: number; payload: Record<string, unknown> };
    const parentBytes = (await readFile(parentPath)).length;
    expect(meta.ordinal).toBe(12);
    expect(meta.payload).toMatchObject({
      id: CHILD,
      forked_from_id: PARENT,
      forked_from_ordinal_exclusive: 12,
      history_mode: 'paginated',
      history_base: { thread_id: PARENT, end_ordinal_exclusive: 12, end_byte_offset: parentBytes },
      multi_agent_version: 'v1',
      base_instructions: { text: 'B', provenance: { type: 'model', model: 'gpt-5.5' } },
    });
  });

  it('reads back as its own meta, then the parent lines before the cut, then its own lines', async () => {
    const { home: h, parentPath } = await home();
    const fork = await forkRollout0169({ home: h, parentPath, newId: CHILD, now: new Date(T), newSessionMeta: newMeta() });
    const own = await readRollout(fork.path);
    expect(historyBaseOf(own)).toEqual({ threadId: PARENT, endOrdinal: 12 });
    const all = await withHistoryBase(own, fork.path, h);
    expect(all.map((r) => r.line.type)).toEqual(['session_meta', 'session_meta', ...parentLines().slice(1).map((l) => (JSON.parse(l) as { type: string }).type)]);
    expect((all[0]?.line.payload as { id: string }).id).toBe(CHILD);
  });

  it('cut before the second prompt: the base ends where that turn began', async () => {
    const { home: h, parentPath } = await home();
    const records = await readRollout(parentPath);
    expect(forkCutIndex(records, 1, [])).toBe(8);
    const fork = await forkRollout0169({ home: h, parentPath, newId: CHILD, now: new Date(T), newSessionMeta: newMeta(), cutBeforeUserMessage: 1 });
    const all = await withHistoryBase(await readRollout(fork.path), fork.path, h);
    expect(all.filter((r) => r.line.type === 'response_item').map((r) => (r.line.payload as { id: string }).id)).toEqual(['msg_ctx', 'msg_<environment_context>x</environment_context>', 'msg_first', 'msg_answer1']);
  });

  it('a fork whose parent is gone is an error naming the parent', async () => {
    const { home: h, parentPath } = await home();
    const fork = await forkRollout0169({ home: h, parentPath, newId: CHILD, now: new Date(T), newSessionMeta: newMeta() });
    const { rm } = await import('node:fs/promises');
    await rm(parentPath);
    await expect(withHistoryBase(await readRollout(fork.path), fork.path, h)).rejects.toThrow(PARENT);
  });
});
