// The git facts Codex records in session_meta: HEAD commit, branch and origin URL, when the cwd is
// inside a repository. Missing git or no repository simply gives nothing.
import type { GitInfo } from '../../protocol/rollout.js';
import { findGitRoot } from './agents-md.js';
import { git } from './git-command.js';

export async function gitInfo(cwd: string): Promise<GitInfo | undefined> {
  // git finds its repository by a `.git` in the cwd or above it (unless GIT_DIR names one): with
  // neither, every git process would only say "not a repository", and each costs a process start.
  if (process.env['GIT_DIR'] === undefined && (await findGitRoot(cwd)) === undefined) return undefined;
  // Two processes at once: rev-parse answers the three questions in one run (one line each), and
  // the origin's URL needs its own command.
  const [facts, origin] = await Promise.all([git(cwd, ['rev-parse', '--is-inside-work-tree', 'HEAD', '--abbrev-ref', 'HEAD']), git(cwd, ['remote', 'get-url', 'origin'])]);
  const [inside, commit, branch] = facts !== undefined ? facts.split('\n') : await oneAtATime(cwd);
  if (inside !== 'true') return undefined;
  const info: GitInfo = {
    ...(commit ? { commit_hash: commit } : {}),
    ...(branch && branch !== 'HEAD' ? { branch } : {}),
    ...(origin ? { repository_url: origin } : {}),
  };
  return Object.keys(info).length > 0 ? info : undefined;
}

/**
 * Where the single rev-parse failed (a repository without a commit has no HEAD, and rev-parse then
 * fails as a whole): each question alone, which tells what can still be answered.
 */
function oneAtATime(cwd: string): Promise<(string | undefined)[]> {
  return Promise.all([git(cwd, ['rev-parse', '--is-inside-work-tree']), git(cwd, ['rev-parse', 'HEAD']), git(cwd, ['rev-parse', '--abbrev-ref', 'HEAD'])]);
}
