// `features list` shows the switches weft reads in Codex's columns, with the value in effect
// (config.toml, then -c); `features enable|disable` writes config.toml; an unknown name is refused.
// `apply` (Codex Cloud tasks) says in one line that weft has none.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { FEATURE_SWITCHES } from '../../../src/config/features.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function run(argv: string[], home: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { env: { WEFT_HOME: home, HOME: home }, cwd: home, stdout: (l) => void out.push(l), stderr: (l) => void err.push(l) });
  return { code, out, err };
}

it('lists every switch with its stage and value in effect, in fixed columns', async () => {
  const home = await tempDir('weft-features-');
  await writeFile(path.join(home, 'config.toml'), '# mine\n[features]\npersonality = false\n');
  const r = await run(['features', 'list', '-c', 'features.remote_models=false'], home);
  expect(r.code).toBe(0);
  expect(r.out).toHaveLength(FEATURE_SWITCHES.length);
  expect(r.out).toContain(`${'personality'.padEnd(40)} ${'stable'.padEnd(18)} false`);
  expect(r.out).toContain(`${'remote_models'.padEnd(40)} ${'stable'.padEnd(18)} false`);
  expect(r.out).toContain(`${'web_search_request'.padEnd(40)} ${'deprecated'.padEnd(18)} false`);
});

it('enable and disable write config.toml and keep its comments; an unknown feature is a usage error', async () => {
  const home = await tempDir('weft-features-');
  await writeFile(path.join(home, 'config.toml'), '# mine\nmodel = "m"\n');
  expect((await run(['features', 'enable', 'personality'], home)).out[0]).toMatch(/^Enabled feature `personality` in .*config\.toml\.$/);
  expect(await readFile(path.join(home, 'config.toml'), 'utf8')).toMatch(/# mine[\s\S]*\[features\]\npersonality = true/);
  await run(['features', 'disable', 'personality'], home);
  expect(await readFile(path.join(home, 'config.toml'), 'utf8')).toMatch(/personality = false/);
  const bad = await run(['features', 'enable', 'no_such'], home);
  expect(bad.code).toBe(2);
  expect(bad.err[0]).toMatch(/unknown feature `no_such`/);
});

it('apply answers in one line that weft runs no cloud tasks, and fails', async () => {
  const home = await tempDir('weft-apply-');
  const r = await run(['apply', 'task_123'], home);
  expect(r.code).toBe(1);
  expect(r.err).toHaveLength(1);
  expect(r.out).toEqual([]);
});
