// A library thread runs Codex 0.169's goal continuation turns: runWithGoal runs the user's turn,
// then a continuation turn (no user input, turn_trigger goal where the thread's own turns say exec) after each completed turn that leaves
// the goal active, and stops when the goal's token budget is spent (budget_limited).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import { startMockResponsesServer, textReply, type MockServer } from '../../../src/testing/index.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

it('continues an active goal after each turn and stops once its budget is spent', async () => {
  mock = await startMockResponsesServer({ respond: () => textReply('working') });
  const home = await tempDir('weft-goal-lib-');
  await writeFile(path.join(home, 'config.toml'), `compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, CODEX_HOME: home }, cwd: home });
  const thread = await weft.startThread();
  // Each mock answer counts 240 new tokens: the first turn leaves 160 of the 400, the second spends them.
  weft.goals.create(thread.id, 'Keep working', 400);
  const outcome = await thread.runWithGoal('go');
  await thread.close();
  expect(outcome.status).toBe('completed');
  const posts = mock.requests.filter((r) => r.method === 'POST');
  expect(posts.map((r) => (JSON.parse(r.headers['x-codex-turn-metadata'] ?? '{}') as { turn_trigger?: string }).turn_trigger)).toEqual(['exec', 'goal']);
  expect(weft.goals.get(thread.id)).toMatchObject({ status: 'budget_limited', tokensUsed: 480 });
}, 60_000);
