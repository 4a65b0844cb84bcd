// Where a sandbox policy lets commands (and apply_patch) write: the writable roots of a
// `workspace-write` policy with the sub-paths kept read-only inside them, and `canWrite`, the one
// question every writer asks. Codex's facts: the roots are the configured `writable_roots`, the cwd,
// `/tmp` (unless `exclude_slash_tmp`) and `$TMPDIR` (unless `exclude_tmpdir_env_var`); inside each,
// `.git`, `.codex` and `.agents` stay read-only so a command cannot rewrite history or its own config;
// where `.git` is a file pointing elsewhere (`gitdir: …`, a worktree or submodule), the directory it
// names stays read-only too (today's Codex re-protects that target as well). A protected name that
// does not exist yet is listed too (`missingProtected`): the sandbox puts a read-only placeholder
// there, so a command cannot create it and plant a skill or config the next thread would load.
import { existsSync, lstatSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SandboxPolicy } from '../../../protocol/rollout.js';

/** Names kept read-only inside every writable root. */
export const PROTECTED_NAMES: readonly string[] = ['.git', '.codex', '.agents'];

export interface WritableRoot {
  /** Absolute, symlinks resolved. */
  root: string;
  /** Absolute paths under `root` that stay read-only (only those that exist). */
  readOnlySubpaths: string[];
  /**
   * Absolute paths under `root` that do not exist and must not be created: each missing protected
   * name, or, where the name is a symlink to nothing, the first missing part of where it points.
   */
  missingProtected: string[];
}

/** `p` with symlinks resolved as far as the path exists (the rest appended as written). */
export function resolveExisting(p: string): string {
  const abs = path.resolve(p);
  let head = abs;
  const tail: string[] = [];
  for (;;) {
    try {
      const real = realpathSync(head);
      return tail.length === 0 ? real : path.join(real, ...tail.reverse());
    } catch {
      const parent = path.dirname(head);
      if (parent === head) return abs;
      tail.push(path.basename(head));
      head = parent;
    }
  }
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The writable roots of `policy` for a command run in `cwd` (none for read-only and full access). */
export function writableRoots(
  policy: SandboxPolicy,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): WritableRoot[] {
  if (policy.type !== 'workspace-write') return [];
  const candidates = [...(policy.writable_roots ?? []).map((r) => path.resolve(cwd, r)), cwd];
  if (!policy.exclude_slash_tmp && isDir('/tmp')) candidates.push('/tmp');
  const tmpdir = env['TMPDIR'];
  if (!policy.exclude_tmpdir_env_var && tmpdir !== undefined && tmpdir !== '' && path.isAbsolute(tmpdir)) candidates.push(tmpdir);
  const seen = new Set<string>();
  const roots: WritableRoot[] = [];
  for (const candidate of candidates) {
    const root = resolveExisting(candidate);
    if (seen.has(root) || !isDir(root)) continue;
    seen.add(root);
    const readOnlySubpaths = PROTECTED_NAMES.map((name) => path.join(root, name)).filter((p) => existsSync(p));
    const gitdir = gitdirTarget(path.join(root, '.git'));
    if (gitdir !== undefined && !readOnlySubpaths.includes(gitdir)) readOnlySubpaths.push(gitdir);
    const missingProtected = PROTECTED_NAMES.map((name) => missingGuard(root, path.join(root, name))).filter((p): p is string => p !== undefined);
    roots.push({ root, readOnlySubpaths, missingProtected });
  }
  return roots;
}

/**
 * Where a guard must go for the protected path `p` in `root`: `p` itself when nothing is there, the
 * first missing part of a dangling symlink's target when that lies in `root` (creating it would make
 * `p` resolve), undefined when `p` exists or its target is outside `root` (read-only anyway).
 */
function missingGuard(root: string, p: string, hops = 0): string | undefined {
  let link: string;
  try {
    if (!lstatSync(p).isSymbolicLink() || existsSync(p)) return undefined;
    link = readlinkSync(p);
  } catch {
    return p;
  }
  if (hops >= 8) return undefined; // a loop of links resolves to nothing a command could create
  const target = path.resolve(path.dirname(p), link);
  const first = firstMissing(target);
  if (first === undefined || !isWithin(first, root)) return undefined;
  return first === target ? missingGuard(root, target, hops + 1) : first;
}

/** The first path from `/` down to `p` that does not exist (no entry at all), or undefined. */
function firstMissing(p: string): string | undefined {
  const parts = path.resolve(p).split(path.sep).filter((x) => x !== '');
  let at: string = path.sep;
  for (const part of parts) {
    at = path.join(at, part);
    try {
      lstatSync(at);
    } catch {
      return at;
    }
  }
  return undefined;
}

/** The existing directory a `.git` file names (`gitdir: PATH`, relative to the file), or undefined. */
function gitdirTarget(dotGit: string): string | undefined {
  let text: string;
  try {
    if (!statSync(dotGit).isFile()) return undefined;
    text = readFileSync(dotGit, 'utf8');
  } catch {
    return undefined;
  }
  const m = /^gitdir:\s*(.+?)\s*$/m.exec(text);
  if (!m) return undefined;
  const target = resolveExisting(path.resolve(path.dirname(dotGit), m[1] as string));
  return isDir(target) ? target : undefined;
}

function isWithin(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Whether `policy` lets a write land on `target` (relative paths are taken from `cwd`). Symlinks are
 * resolved first, so a link inside a root that points outside it does not open a way out.
 */
export function canWrite(
  policy: SandboxPolicy,
  cwd: string,
  target: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): boolean {
  if (policy.type === 'danger-full-access') return true;
  if (policy.type === 'read-only') return false;
  const resolved = resolveExisting(path.resolve(cwd, target));
  return writableRoots(policy, cwd, env).some(
    (r) =>
      isWithin(resolved, r.root) &&
      !r.readOnlySubpaths.some((sub) => isWithin(resolved, sub)) &&
      // A protected name that does not exist yet may not be created either.
      !PROTECTED_NAMES.some((name) => isWithin(resolved, path.join(r.root, name))),
  );
}
