// A thread's working directory must exist: a mistyped `--cd` or `cwd` would otherwise be recorded
// in the rollout and sent to the model as if it were real. Each surface words the refusal its way.
import { stat } from 'node:fs/promises';

/** Why `dir` cannot be a working directory, or undefined when it can. */
export async function workingDirectoryProblem(dir: string): Promise<'no such directory' | 'not a directory' | undefined> {
  const isDirectory = await stat(dir).then(
    (s) => s.isDirectory(),
    () => undefined,
  );
  if (isDirectory === undefined) return 'no such directory';
  return isDirectory ? undefined : 'not a directory';
}
