import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { canWrite, writableRoots } from '../../../src/tools/sandbox/writable-roots.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tree(): { cwd: string; extra: string; outside: string } {
  const root = mkdtempSync(path.join(process.cwd(), '.weft-canwrite-'));
  dirs.push(root);
  const cwd = path.join(root, 'work');
  const extra = path.join(root, 'extra');
  const outside = path.join(root, 'outside');
  for (const d of [cwd, extra, outside, path.join(cwd, '.git')]) mkdirSync(d, { recursive: true });
  symlinkSync(outside, path.join(cwd, 'escape'));
  return { cwd, extra, outside };
}

type WorkspaceWrite = Extract<SandboxPolicy, { type: 'workspace-write' }>;
const ws = (writable_roots?: string[]): WorkspaceWrite => ({
  type: 'workspace-write',
  ...(writable_roots ? { writable_roots } : {}),
  network_access: false,
  exclude_tmpdir_env_var: true,
  exclude_slash_tmp: true,
});

describe('canWrite', () => {
  it('allows the cwd and configured roots, nothing else', () => {
    const { cwd, extra, outside } = tree();
    const policy = ws([extra]);
    expect(canWrite(policy, cwd, 'src/new.ts', {})).toBe(true);
    expect(canWrite(policy, cwd, path.join(extra, 'a.txt'), {})).toBe(true);
    expect(canWrite(policy, cwd, path.join(outside, 'a.txt'), {})).toBe(false);
    expect(canWrite(policy, cwd, '../outside/a.txt', {})).toBe(false);
  });

  it('keeps .git, .codex and .agents read-only, even before they exist', () => {
    const { cwd } = tree();
    expect(canWrite(ws(), cwd, '.git/config', {})).toBe(false);
    expect(canWrite(ws(), cwd, '.codex/config.toml', {})).toBe(false);
    expect(canWrite(ws(), cwd, '.agents/x', {})).toBe(false);
  });

  it('follows symlinks before deciding', () => {
    const { cwd } = tree();
    expect(canWrite(ws(), cwd, 'escape/a.txt', {})).toBe(false);
  });

  it('read-only allows nothing, danger-full-access everything', () => {
    const { cwd, outside } = tree();
    expect(canWrite({ type: 'read-only' }, cwd, 'a.txt', {})).toBe(false);
    expect(canWrite({ type: 'danger-full-access' }, cwd, path.join(outside, 'a'), {})).toBe(true);
  });

  it('adds $TMPDIR and /tmp unless excluded', () => {
    const { cwd, extra } = tree();
    const roots = writableRoots({ ...ws(), exclude_tmpdir_env_var: false, exclude_slash_tmp: false }, cwd, { TMPDIR: extra });
    expect(roots.map((r) => r.root)).toEqual([cwd, '/tmp', extra]);
    expect(roots[0]?.readOnlySubpaths).toEqual([path.join(cwd, '.git')]);
  });

  it('keeps the directory a .git file points at (a worktree, a submodule) read-only too', () => {
    const { cwd, extra } = tree();
    rmSync(path.join(cwd, '.git'), { recursive: true });
    const gitdir = path.join(cwd, 'modules', 'wt');
    mkdirSync(gitdir, { recursive: true });
    writeFileSync(path.join(cwd, '.git'), 'gitdir: modules/wt\n');
    expect(writableRoots(ws([extra]), cwd, {}).find((r) => r.root === cwd)?.readOnlySubpaths).toEqual([path.join(cwd, '.git'), gitdir]);
    expect(canWrite(ws(), cwd, 'modules/wt/hooks/pre-commit', {})).toBe(false);
    expect(canWrite(ws(), cwd, 'modules/other.txt', {})).toBe(true);
  });
});
