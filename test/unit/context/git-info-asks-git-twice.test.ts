// The git facts of session_meta (HEAD's commit, the branch, origin's URL) come from two git processes
// run at once, and say the same as one question per process did: in a repository with a commit and
// a branch, detached, before the first commit, and outside any repository. A `git` shim first on
// PATH counts the processes.
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitInfo } from '../../../src/context/git-info.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let shimDir = '';
let countFile = '';
const realPath = process.env['PATH'];
const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

beforeAll(async () => {
  shimDir = await tempDir('git-shim-');
  countFile = path.join(shimDir, 'count');
  writeFileSync(countFile, '');
  writeFileSync(path.join(shimDir, 'git'), `#!/bin/sh\necho "$*" >> '${countFile}'\nexec '${realGit}' "$@"\n`);
  chmodSync(path.join(shimDir, 'git'), 0o755);
  process.env['PATH'] = `${shimDir}:${realPath}`;
});
afterAll(async () => {
  process.env['PATH'] = realPath;
  await removeTempDirs();
});

const run = (cwd: string, ...args: string[]): string =>
  execFileSync(realGit, args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } }).trim();
const counted = async (cwd: string): Promise<{ info: unknown; processes: number }> => {
  writeFileSync(countFile, '');
  const info = await gitInfo(cwd);
  return { info, processes: readFileSync(countFile, 'utf8').split('\n').filter(Boolean).length };
};

describe('the git facts of a thread', () => {
  it('a repository with a commit on a branch and an origin: commit, branch and URL from two processes', async () => {
    const repo = await tempDir('git-repo-');
    run(repo, 'init', '-q', '-b', 'trunk');
    run(repo, 'commit', '-q', '--allow-empty', '-m', 'one');
    run(repo, 'remote', 'add', 'origin', 'https://example.invalid/r.git');
    const head = run(repo, 'rev-parse', 'HEAD');
    expect(await counted(repo)).toEqual({ info: { commit_hash: head, branch: 'trunk', repository_url: 'https://example.invalid/r.git' }, processes: 2 });
  });

  it('a detached HEAD has a commit and no branch', async () => {
    const repo = await tempDir('git-repo-');
    run(repo, 'init', '-q');
    run(repo, 'commit', '-q', '--allow-empty', '-m', 'one');
    run(repo, 'checkout', '-q', '--detach');
    expect((await counted(repo)).info).toEqual({ commit_hash: run(repo, 'rev-parse', 'HEAD') });
  });

  it('a repository before its first commit gives its origin alone', async () => {
    const repo = await tempDir('git-repo-');
    run(repo, 'init', '-q');
    run(repo, 'remote', 'add', 'origin', 'https://example.invalid/e.git');
    expect((await counted(repo)).info).toEqual({ repository_url: 'https://example.invalid/e.git' });
  });

  it('outside any repository there are no facts and no git process', async () => {
    const dir = await tempDir('no-repo-');
    expect(await counted(dir)).toEqual({ info: undefined, processes: 0 });
  });
});
