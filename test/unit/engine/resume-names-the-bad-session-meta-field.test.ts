// A rollout whose first line is a session_meta that fails its schema cannot be resumed; the error
// says which field is wrong, as the reader's warning does, not only that the line is not valid.
import { writeFile } from 'node:fs/promises';
import { afterEach, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import { RolloutError } from '../../../src/errors.js';
import { sessionMetaPayload, userTurn } from '../../support/rollout-builders.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const ID = '019a0000-0000-7000-8000-000000000001';
const CREATED = new Date('2026-01-02T03:04:05.000Z');

it.each([
  { field: 'cwd', broken: (meta: Record<string, unknown>) => ({ ...meta, cwd: undefined }), reason: /line 1: invalid session_meta payload: cwd: / },
  { field: 'id', broken: (meta: Record<string, unknown>) => ({ ...meta, id: 42 }), reason: /line 1: invalid session_meta payload: id: / },
])('resuming a rollout whose session_meta has a bad $field names the field', async ({ broken, reason }) => {
  const home = await tempDir('weft-home-');
  const file = `${home}/rollout-2026-01-02T03-04-05-${ID}.jsonl`;
  const lines = [
    { type: 'session_meta', payload: broken(sessionMetaPayload(ID, CREATED, home)) },
    ...userTurn('hello'),
  ].map((line) => JSON.stringify({ timestamp: CREATED.toISOString(), ...line }));
  await writeFile(file, `${lines.join('\n')}\n`);

  const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home });
  const error: unknown = await weft.resumeThread(file).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RolloutError);
  const message = (error as Error).message;
  expect(message).toContain(`${file}: does not start with a valid session_meta line (`);
  expect(message).toMatch(reason);
});
