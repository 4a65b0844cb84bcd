// The files and folders of a workspace root, as a file search sees them (paths relative to the
// root, `/`-separated): inside a git work tree, what git tracks or would track (its ignore rules
// applied, hidden files kept); elsewhere every file and folder but `.git`. Folders are the ones the
// files sit in. Bounded: a search never lists more than MAX_ENTRIES.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const MAX_ENTRIES = 200_000;

export interface WorkspaceEntry {
  readonly path: string;
  readonly isDirectory: boolean;
}

async function gitListing(root: string): Promise<string[] | undefined> {
  try {
    const inside = await run('git', ['-C', root, 'rev-parse', '--is-inside-work-tree'], { encoding: 'utf8' });
    if (inside.stdout.trim() !== 'true') return undefined;
    const out = await run('git', ['-C', root, 'ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '.'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    return out.stdout.split('\0').filter((p) => p !== '');
  } catch {
    return undefined;
  }
}

async function plainListing(root: string): Promise<string[]> {
  const { globby } = await import('globby');
  return globby('**/*', { cwd: root, dot: true, onlyFiles: true, followSymbolicLinks: false, suppressErrors: true, ignore: ['**/.git/**'] });
}

export async function workspaceEntries(root: string): Promise<WorkspaceEntry[]> {
  const files = ((await gitListing(root)) ?? (await plainListing(root))).slice(0, MAX_ENTRIES);
  const dirs = new Set<string>();
  for (const f of files) {
    for (let i = f.indexOf('/'); i !== -1; i = f.indexOf('/', i + 1)) dirs.add(f.slice(0, i));
  }
  return [...files.map((path) => ({ path, isDirectory: false })), ...[...dirs].map((path) => ({ path, isDirectory: true }))];
}
