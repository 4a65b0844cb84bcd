// One `git` command in a directory: its trimmed stdout, or undefined when git is missing, the
// directory is no repository or the command fails. A few plain calls are all weft needs of git.
import { nodeChildProcess } from '../node-builtins.js';

const GIT_TIMEOUT_MS = 10_000;

export function git(cwd: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    nodeChildProcess().execFile('git', [...args], { cwd, timeout: GIT_TIMEOUT_MS, encoding: 'utf8', windowsHide: true }, (err, stdout) => {
      resolve(err ? undefined : stdout.trim());
    });
  });
}
