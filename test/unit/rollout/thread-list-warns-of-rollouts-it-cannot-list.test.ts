// `weft thread list` leaves out a rollout it cannot use (empty, or without a valid session_meta at
// its head), and says so on stderr, naming the file, instead of hiding it silently.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { rolloutPath } from '../../../src/rollout/store/paths.js';
import { newThreadId } from '../../../src/rollout/store/thread-id.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

it('warns of each rollout it leaves out, and still exits 0', async () => {
  const home = await tempDir('weft-home-');
  const empty = rolloutPath(home, newThreadId(), new Date(2026, 0, 1, 10, 0, 0));
  const badMeta = rolloutPath(home, newThreadId(), new Date(2026, 0, 1, 11, 0, 0));
  await mkdir(dirname(empty), { recursive: true });
  await writeFile(empty, '');
  await writeFile(badMeta, `${JSON.stringify({ timestamp: '2026-01-01T11:00:00.000Z', type: 'session_meta', payload: { id: 5 } })}\n`);
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['thread', 'list', '--json'], { env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home, isTty: false, stdout: (l) => void out.push(l), stderr: (l) => void err.push(l) });
  expect(code).toBe(0);
  expect(JSON.parse(out.join(''))).toMatchObject({ threads: [] });
  for (const file of [empty, badMeta]) expect(err).toContainEqual(`warning: ${file}: no valid session_meta line at its head; not listed`);
});
