// AGENTS.md discovery: from the git root down to the cwd, the first matching file of each directory
// (AGENTS.override.md, then AGENTS.md, then the configured fallback names), under one shared byte
// budget. Global instructions come from the home directory. Unreadable or over-budget files produce
// warnings, never a failed turn.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isFile, pathExists } from '../path-probes.js';

export const DEFAULT_PROJECT_DOC_MAX_BYTES = 32 * 1024;
const OVERRIDE_NAME = 'AGENTS.override.md';
const DEFAULT_NAME = 'AGENTS.md';

export interface ProjectDoc {
  readonly path: string;
  readonly text: string;
}

export interface ProjectDocsResult {
  readonly docs: ProjectDoc[];
  readonly warnings: string[];
}

/** The directory holding `.git` (a directory or a worktree file) at or above `cwd`, if any. */
export async function findGitRoot(cwd: string): Promise<string | undefined> {
  let dir = path.resolve(cwd);
  for (;;) {
    if (await pathExists(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The directories searched for project docs, root first: git root → cwd, or only the cwd. */
export async function searchDirectories(cwd: string): Promise<string[]> {
  const resolved = path.resolve(cwd);
  const root = await findGitRoot(resolved);
  if (root === undefined) return [resolved];
  const dirs: string[] = [];
  for (let dir = resolved; ; dir = path.dirname(dir)) {
    dirs.unshift(dir);
    if (dir === root || path.dirname(dir) === dir) break;
  }
  return dirs;
}

export function candidateNames(fallbacks: readonly string[] = []): string[] {
  const names = [OVERRIDE_NAME, DEFAULT_NAME];
  for (const name of fallbacks) if (name.trim() !== '' && !names.includes(name)) names.push(name);
  return names;
}

export async function discoverProjectDocs(
  cwd: string,
  opts: { maxBytes?: number; fallbackFilenames?: readonly string[] } = {},
): Promise<ProjectDocsResult> {
  let budget = opts.maxBytes ?? DEFAULT_PROJECT_DOC_MAX_BYTES;
  const warnings: string[] = [];
  const docs: ProjectDoc[] = [];
  if (budget <= 0) return { docs, warnings };
  const names = candidateNames(opts.fallbackFilenames);

  for (const dir of await searchDirectories(cwd)) {
    const found = await firstExisting(dir, names);
    if (found === undefined) continue;
    let bytes: Buffer;
    try {
      bytes = await readFile(found);
    } catch (err) {
      warnings.push(`${found}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}); skipped`);
      continue;
    }
    if (budget <= 0) {
      // One warning for what the spent budget leaves out, naming where that starts, as Codex gives it.
      warnings.push(`${found}: skipped with the docs below it, the project_doc_max_bytes budget is used up`);
      break;
    }
    let text: string;
    if (bytes.length > budget) {
      text = utf8Prefix(bytes, budget);
      warnings.push(
        `${found}: cut to ${Buffer.byteLength(text)} of ${bytes.length} bytes by project_doc_max_bytes (${opts.maxBytes ?? DEFAULT_PROJECT_DOC_MAX_BYTES})`,
      );
      budget = 0;
    } else {
      text = bytes.toString('utf8');
      budget -= bytes.length;
    }
    if (text.trim() === '') continue;
    docs.push({ path: found, text });
  }
  return { docs, warnings };
}

/** `$HOME/AGENTS.override.md` or `$HOME/AGENTS.md` of weft's home, trimmed. */
export async function readGlobalInstructions(home: string): Promise<{ text?: string; warnings: string[] }> {
  const found = await firstExisting(home, [OVERRIDE_NAME, DEFAULT_NAME]);
  if (found === undefined) return { warnings: [] };
  try {
    const text = (await readFile(found, 'utf8')).trim();
    return text === '' ? { warnings: [] } : { text, warnings: [] };
  } catch (err) {
    return { warnings: [`${found}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}); skipped`] };
  }
}

async function firstExisting(dir: string, names: readonly string[]): Promise<string | undefined> {
  for (const name of names) {
    const candidate = path.join(dir, name);
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
}

/** The longest prefix of `bytes` that fits in `max` bytes without splitting a UTF-8 character. */
function utf8Prefix(bytes: Buffer, max: number): string {
  let end = Math.min(max, bytes.length);
  // Step back over continuation bytes (10xxxxxx) so the cut falls on a character boundary.
  while (end > 0 && end < bytes.length && ((bytes[end] as number) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}
