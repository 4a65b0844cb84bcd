// Engine support for the thread methods: dropping whole user turns, the rollback marker read back
// on resume, the recorded name, and archive/unarchive moving the rollout between directories.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { ThreadRolledBackEvent } from '../../../protocol/rollout-events.js';
import { textMessage, assistantMessage } from '../../../src/history/message.js';
import { readRollout } from '../../../src/rollout/format/reader.js';
import { rolloutPath } from '../../../src/rollout/store/paths.js';
import { RolloutWriter } from '../../../src/rollout/format/writer.js';
import { sessionMetaLine } from '../../../src/rollout/format/records.js';
import { archiveRollout, unarchiveRollout } from '../../../src/rollout/store/archive.js';
import { nameStoredThread, threadNameOf } from '../../../src/rollout/store/thread-name.js';
import { dropLastUserTurns, rolledBackTurns, threadRolledBackEvent } from '../../../src/thread/thread-rollback.js';
import { newThreadId } from '../../../src/rollout/store/thread-id.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const isUser = (i: ResponseItem) => i.type === 'message' && i.role === 'user' && !(i.content[0] as { text: string }).text.startsWith('<');
const history: ResponseItem[] = [
  textMessage('user', '<environment_context>…</environment_context>'),
  textMessage('user', 'one'),
  assistantMessage('a1'),
  textMessage('user', 'two'),
  assistantMessage('a2'),
  textMessage('user', 'three'),
  assistantMessage('a3'),
];

test('dropping user turns cuts before the n-th last user message, keeping the context before the first', () => {
  expect(dropLastUserTurns(history, 1, isUser)).toEqual(history.slice(0, 5));
  expect(dropLastUserTurns(history, 2, isUser)).toEqual(history.slice(0, 3));
  expect(dropLastUserTurns(history, 9, isUser)).toEqual(history.slice(0, 1));
  expect(rolledBackTurns(ThreadRolledBackEvent.parse(threadRolledBackEvent(2).payload))).toBe(2);
  expect(rolledBackTurns({ type: 'token_count' })).toBeUndefined();
});

async function storedThread(home: string): Promise<{ id: string; file: string }> {
  const id = newThreadId();
  const file = rolloutPath(home, id, new Date('2026-03-04T05:06:07Z'));
  const w = await RolloutWriter.create(
    file,
    sessionMetaLine({ id, timestamp: '2026-03-04T05:06:07.000Z', cwd: home, originator: 't', cliVersion: '0.98.0', source: 'vscode', modelProvider: 'mock', baseInstructions: 'b' }),
  );
  await w.close();
  return { id, file };
}

test('a stored thread’s name is recorded in its rollout; the last one wins', async () => {
  const home = await tempDir();
  const { id, file } = await storedThread(home);
  await nameStoredThread(file, id, 'first');
  await nameStoredThread(file, id, 'second');
  expect(threadNameOf(await readRollout(file))).toBe('second');
});

test('archive moves the rollout to archived_sessions and unarchive moves it back under its day', async () => {
  const home = await tempDir();
  const { file } = await storedThread(home);
  const archived = await archiveRollout(home, file);
  expect(archived).toBe(join(home, 'archived_sessions', file.split('/').at(-1) as string));
  await expect(archiveRollout(home, archived)).rejects.toThrow(/already archived/);
  const restored = await unarchiveRollout(home, archived);
  expect(restored).toBe(file);
  expect(await readdir(join(home, 'archived_sessions'))).toEqual([]);
});
