import { mkdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../src/tools/approval.js';
import { applyPatch, codexPatchTexts, patchContext, patchOf, snapshot, weftPatchTexts } from '../../support/patch-harness.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function workspace(): Promise<{ root: string; cwd: string; outside: string }> {
  const root = await tempDir();
  const cwd = path.join(root, 'work');
  await mkdir(cwd);
  return { root, cwd, outside: path.join(root, 'outside.txt') };
}

const addOutside = patchOf('*** Add File: ../outside.txt', '+escaped');

describe('apply_patch obeys the writable roots and the approval policy', () => {
  it('refuses a path outside the workspace under approval policy never, writing nothing', async () => {
    const { root, cwd, outside } = await workspace();
    const before = await snapshot(root);
    const result = await applyPatch(addOutside, patchContext(cwd, { texts: weftPatchTexts }));
    expect(result.success).toBe(false);
    expect(result.output).toBe(weftPatchTexts.failed({ kind: 'outside_roots', paths: [outside], sandboxMode: 'workspace-write' }));
    expect(await snapshot(root)).toEqual(before);
  });

  it('refuses every write in a read-only sandbox under never, even inside cwd', async () => {
    const { root, cwd } = await workspace();
    const before = await snapshot(root);
    const result = await applyPatch(patchOf('*** Add File: inside.txt', '+x'), patchContext(cwd, { sandbox: { type: 'read-only' } }));
    expect(result.success).toBe(false);
    expect(await snapshot(root)).toEqual(before);
  });

  it('asks under on-request and writes only when the user approves', async () => {
    const { cwd, outside } = await workspace();
    const asked: ApprovalRequest[] = [];
    const denied = await applyPatch(addOutside, patchContext(cwd, { approvalPolicy: 'on-request', approver: async (r) => (asked.push(r), 'denied') }));
    expect(denied).toEqual({ output: codexPatchTexts.failed({ kind: 'declined', paths: [outside] }), success: false });
    await expect(readFile(outside)).rejects.toThrow();
    expect(asked).toHaveLength(1);
    expect(asked[0]?.fileChanges?.map((c) => [c.kind, c.path])).toEqual([['add', outside]]);
    const approved = await applyPatch(addOutside, patchContext(cwd, { approvalPolicy: 'on-request', approver: async () => 'approved' }));
    expect(approved.success).toBe(true);
    expect(await readFile(outside, 'utf8')).toBe('escaped\n');
  });

  it('refuses a write that needs approval when nobody can be asked', async () => {
    const { cwd, outside } = await workspace();
    const result = await applyPatch(addOutside, patchContext(cwd, { approvalPolicy: 'on-request', texts: weftPatchTexts }));
    expect(result.output).toBe(weftPatchTexts.failed({ kind: 'needs_approval', paths: [outside], approvalPolicy: 'on-request' }));
    await expect(readFile(outside)).rejects.toThrow();
  });

  it('asks under untrusted even inside the workspace, and writes inside the workspace without asking otherwise', async () => {
    const { cwd } = await workspace();
    const asked: ApprovalRequest[] = [];
    await applyPatch(patchOf('*** Add File: a.txt', '+a'), patchContext(cwd, { approvalPolicy: 'untrusted', approver: async (r) => (asked.push(r), 'approved') }));
    expect(asked).toHaveLength(1);
    await applyPatch(patchOf('*** Add File: b.txt', '+b'), patchContext(cwd, { approvalPolicy: 'on-request', approver: async (r) => (asked.push(r), 'approved') }));
    expect(asked).toHaveLength(1);
    expect(await readFile(path.join(cwd, 'b.txt'), 'utf8')).toBe('b\n');
  });

  it('counts a move target as a write: moving a file out of the workspace is refused', async () => {
    const { root, cwd } = await workspace();
    await applyPatch(patchOf('*** Add File: m.txt', '+m'), patchContext(cwd));
    const before = await snapshot(root);
    const result = await applyPatch(patchOf('*** Update File: m.txt', '*** Move to: ../m.txt', '@@', '-m', '+M'), patchContext(cwd));
    expect(result.success).toBe(false);
    expect(await snapshot(root)).toEqual(before);
  });
});

describe('apply_patch and symlinks', () => {
  it('refuses a write through a symlink inside the workspace that points outside it', async () => {
    const { root, cwd } = await workspace();
    const away = path.join(root, 'away');
    await mkdir(away);
    await symlink(away, path.join(cwd, 'link'));
    const before = await snapshot(root);
    const result = await applyPatch(patchOf('*** Add File: link/planted.txt', '+x'), patchContext(cwd));
    expect(result.success).toBe(false);
    expect(await snapshot(root)).toEqual(before);
  });
});
