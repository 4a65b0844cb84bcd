// The workspace a 0.169 turn's metadata describes: the Git repository around the working directory,
// its HEAD commit and whether it has changes (`workspaces` of x-codex-turn-metadata).
import { findGitRoot } from '../../context/agents-md.js';
import { git } from '../../context/git-command.js';
import type { WorkspaceState } from './turn-metadata.js';

export async function workspaceStates(cwd: string): Promise<Record<string, WorkspaceState>> {
  const root = await findGitRoot(cwd);
  if (root === undefined) return {};
  // One process: status's second porcelain format with --branch names HEAD's commit (`# branch.oid`,
  // `(initial)` before the first commit) above the changes, one line each.
  const status = await git(root, ['status', '--porcelain=v2', '--branch', '--no-ahead-behind']);
  if (status === undefined) return {};
  const lines = status.split('\n');
  const head = lines.find((line) => line.startsWith('# branch.oid '))?.slice('# branch.oid '.length);
  if (head === undefined || head === '(initial)') return {};
  return { [root]: { latest_git_commit_hash: head, has_changes: lines.some((line) => line !== '' && !line.startsWith('#')) } };
}
