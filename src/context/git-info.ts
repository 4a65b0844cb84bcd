// The git facts Codex records in session_meta: HEAD commit, branch and origin URL, when the cwd is
// inside a repository. Missing git or no repository simply gives nothing.
import type { GitInfo } from '../../protocol/rollout.js';
import { git } from './git-command.js';

export async function gitInfo(cwd: string): Promise<GitInfo | undefined> {
  if ((await git(cwd, ['rev-parse', '--is-inside-work-tree'])) !== 'true') return undefined;
  const [commit, branch, origin] = await Promise.all([
    git(cwd, ['rev-parse', 'HEAD']),
    git(cwd, ['rev-parse', '--abbrev-ref', 'HEAD']),
    git(cwd, ['remote', 'get-url', 'origin']),
  ]);
  const info: GitInfo = {
    ...(commit ? { commit_hash: commit } : {}),
    ...(branch && branch !== 'HEAD' ? { branch } : {}),
    ...(origin ? { repository_url: origin } : {}),
  };
  return Object.keys(info).length > 0 ? info : undefined;
}
