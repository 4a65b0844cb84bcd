// apply_patch asks the sandbox's own `canWrite`, so a patch can write exactly where a command can:
// inside the writable roots, never into the `.git`, `.codex` or `.agents` they hold, nowhere under
// read-only unless the user approves.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../src/tools/approval.js';
import { pathsOutsideRoots } from '../../../src/tools/apply-patch/patch-permission.js';
import { canWrite } from '../../../src/tools/sandbox/writable-roots.js';
import { applyPatch, CWD_ONLY, patchContext, patchOf, snapshot } from '../../support/patch-harness.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function repo(): Promise<string> {
  const cwd = await tempDir();
  await mkdir(path.join(cwd, '.git'));
  await writeFile(path.join(cwd, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  return cwd;
}

describe('apply_patch under workspace-write keeps the protected directories read-only', () => {
  for (const target of ['.git/hooks-pre-commit', '.codex/config.toml', '.agents/note.md']) {
    it(`refuses to add ${target} under approval policy never, writing nothing`, async () => {
      const cwd = await repo();
      const before = await snapshot(cwd);
      const result = await applyPatch(patchOf(`*** Add File: ${target}`, '+planted'), patchContext(cwd));
      expect(result.success).toBe(false);
      expect(await snapshot(cwd)).toEqual(before);
    });
  }

  it('refuses to update an existing file inside .git', async () => {
    const cwd = await repo();
    const result = await applyPatch(patchOf('*** Update File: .git/HEAD', '@@', '-ref: refs/heads/main', '+ref: refs/heads/evil'), patchContext(cwd));
    expect(result.success).toBe(false);
    expect(await readFile(path.join(cwd, '.git', 'HEAD'), 'utf8')).toBe('ref: refs/heads/main\n');
  });

  it('still writes an ordinary file in the workspace without asking', async () => {
    const cwd = await repo();
    const asked: ApprovalRequest[] = [];
    const result = await applyPatch(patchOf('*** Add File: src/ok.txt', '+ok'), patchContext(cwd, { approvalPolicy: 'on-request', approver: async (r) => (asked.push(r), 'approved') }));
    expect(result.success).toBe(true);
    expect(asked).toEqual([]);
    expect(await readFile(path.join(cwd, 'src', 'ok.txt'), 'utf8')).toBe('ok\n');
  });

  it('asks under on-request before writing into .git, and writes only on approval', async () => {
    const cwd = await repo();
    const hook = path.join(cwd, '.git', 'hook');
    const asked: ApprovalRequest[] = [];
    const denied = await applyPatch(patchOf('*** Add File: .git/hook', '+x'), patchContext(cwd, { approvalPolicy: 'on-request', approver: async (r) => (asked.push(r), 'denied') }));
    expect(denied.success).toBe(false);
    expect(asked).toHaveLength(1);
    await expect(readFile(hook)).rejects.toThrow();
    const approved = await applyPatch(patchOf('*** Add File: .git/hook', '+x'), patchContext(cwd, { approvalPolicy: 'on-request', approver: async () => 'approved' }));
    expect(approved.success).toBe(true);
    expect(await readFile(hook, 'utf8')).toBe('x\n');
  });

  it('decides every path as the command sandbox does', async () => {
    const cwd = await repo();
    const targets = ['a.txt', 'deep/b.txt', '.git/x', '.codex/y', '.agents/z', '.gitignore', '../outside.txt', '/etc/passwd'].map((t) => path.resolve(cwd, t));
    const outside = pathsOutsideRoots(targets, CWD_ONLY, cwd, undefined);
    expect(outside).toEqual(targets.filter((t) => !canWrite(CWD_ONLY, cwd, t, {})));
    expect(outside.map((t) => path.relative(cwd, t))).toEqual(['.git/x', '.codex/y', '.agents/z', '../outside.txt', path.relative(cwd, '/etc/passwd')]);
  });
});

describe('apply_patch under read-only', () => {
  for (const approvalPolicy of ['on-request', 'on-failure', 'untrusted'] as const) {
    it(`asks under ${approvalPolicy} for a write inside cwd and writes only on approval`, async () => {
      const cwd = await repo();
      const file = path.join(cwd, 'a.txt');
      const ctx = (answer: 'approved' | 'denied', asked: ApprovalRequest[]): ReturnType<typeof patchContext> =>
        patchContext(cwd, { sandbox: { type: 'read-only' }, approvalPolicy, approver: async (r) => (asked.push(r), answer) });
      const asked: ApprovalRequest[] = [];
      expect((await applyPatch(patchOf('*** Add File: a.txt', '+a'), ctx('denied', asked))).success).toBe(false);
      await expect(readFile(file)).rejects.toThrow();
      expect((await applyPatch(patchOf('*** Add File: a.txt', '+a'), ctx('approved', asked))).success).toBe(true);
      expect(asked).toHaveLength(2);
      expect(await readFile(file, 'utf8')).toBe('a\n');
    });
  }

  it('refuses under never without asking', async () => {
    const cwd = await repo();
    const before = await snapshot(cwd);
    const asked: ApprovalRequest[] = [];
    const result = await applyPatch(patchOf('*** Add File: a.txt', '+a'), patchContext(cwd, { sandbox: { type: 'read-only' }, approver: async (r) => (asked.push(r), 'approved') }));
    expect(result.success).toBe(false);
    expect(asked).toEqual([]);
    expect(await snapshot(cwd)).toEqual(before);
  });
});
