// The installed package carries what it runs: tsx is an optional peer (only `.ts` extensions need
// it, loaded then), simple-git is gone (git facts come from a few `git` calls), and budgeted
// assembly's default budgets keep weft's own instructions whole.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET_SETTINGS } from '../../../src/assembly/budget/budget-settings.js';
import { estimatingCounter } from '../../../src/assembly/budget/token-counter.js';
import { gitInfo } from '../../../src/context/git-info.js';
import { loadExtension } from '../../../src/extensions/load-extension.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

describe('runtime dependencies', () => {
  it('tsx is an optional peer and simple-git is not a dependency', () => {
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
    expect(Object.keys(pkg.dependencies)).not.toContain('simple-git');
    expect(pkg.peerDependenciesMeta?.tsx?.optional).toBe(true);
  });

  it('a .js extension loads through Node alone', async () => {
    const dir = await tempDir('weft-ext-');
    await writeFile(path.join(dir, 'ext.mjs'), 'export default { name: "plain" };\n');
    expect((await loadExtension('ext.mjs', dir, '--extension')).name).toBe('plain');
  });

  it('git facts come from git itself: commit, branch and origin', async () => {
    const repo = await tempDir('weft-git-');
    const run = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
    run('init', '-q', '-b', 'trunk');
    run('-c', 'user.name=t', '-c', 'user.email=t@e', 'commit', '-q', '--allow-empty', '-m', 'x');
    run('remote', 'add', 'origin', 'https://example.invalid/r.git');
    expect(await gitInfo(repo)).toEqual({ commit_hash: run('rev-parse', 'HEAD'), branch: 'trunk', repository_url: 'https://example.invalid/r.git' });
    expect(await gitInfo(await tempDir('weft-nogit-'))).toBeUndefined();
  });

  it("the default system budget holds every model's base instructions of weft's pack whole", () => {
    const catalog = JSON.parse(readFileSync(new URL('../../../templates/models.json', import.meta.url), 'utf8')) as {
      models: Array<{ slug: string; base_instructions?: string; model_messages?: { instructions_template?: string; instructions_variables?: Record<string, string> } }>;
    };
    for (const model of catalog.models) {
      const variables = Object.values(model.model_messages?.instructions_variables ?? {});
      const longest = Math.max(...variables.map((v) => estimatingCounter.text(v)), 0);
      const texts = [model.base_instructions ?? '', model.model_messages?.instructions_template ?? ''];
      for (const text of texts) expect([model.slug, estimatingCounter.text(text) + longest <= DEFAULT_BUDGET_SETTINGS.budgets.system]).toEqual([model.slug, true]);
    }
  });
});
