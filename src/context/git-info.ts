// The git facts Codex records in session_meta: HEAD commit, branch and origin URL, when the cwd is
// inside a repository. Missing git or no repository simply gives nothing. simple-git is loaded on
// first use: a process that only resumes threads never needs it, and it weighs megabytes of memory.
import type { GitInfo } from '../../protocol/rollout.js';

export async function gitInfo(cwd: string): Promise<GitInfo | undefined> {
  try {
    const { simpleGit } = await import('simple-git');
    const git = simpleGit({ baseDir: cwd });
    if (!(await git.checkIsRepo())) return undefined;
    const [commit, branch, remotes] = await Promise.all([
      git.revparse(['HEAD']).catch(() => undefined),
      git.revparse(['--abbrev-ref', 'HEAD']).catch(() => undefined),
      git.getRemotes(true).catch(() => []),
    ]);
    const origin = remotes.find((r) => r.name === 'origin')?.refs.fetch;
    const info: GitInfo = {
      ...(commit ? { commit_hash: commit.trim() } : {}),
      ...(branch && branch.trim() !== 'HEAD' ? { branch: branch.trim() } : {}),
      ...(origin ? { repository_url: origin } : {}),
    };
    return Object.keys(info).length > 0 ? info : undefined;
  } catch {
    return undefined;
  }
}
