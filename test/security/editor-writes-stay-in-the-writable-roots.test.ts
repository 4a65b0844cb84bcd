// A patch written through an editor (an ACP editor's fs/write_text_file) is confined as a local one:
// the editor writes with its own rights, outside weft's sandbox, so every path is checked against the
// sandbox policy's writable roots before anything is sent to it. Attacks: a path that climbs out of
// the workspace, a symlink inside the workspace that points out of it, the protected `.git`, and a
// directory swapped for a symlink after the policy check passed (while the user is asked) — the
// editor is never asked to write any of them, and nothing lands outside.
import { mkdir, rename, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../src/tools/tool-registry.js';
import { applyPatch, patchContext, patchOf, type PatchContextOptions } from '../support/patch-harness.js';
import { removeTempDirs, tempDir } from '../support/temp-tree.js';

afterEach(removeTempDirs);

interface Editor {
  readonly writes: string[];
  readonly ctx: ToolContext;
}

/** A tool context whose files go through a recording editor. */
function throughEditor(cwd: string, opts: PatchContextOptions = {}): Editor {
  const writes: string[] = [];
  const base = patchContext(cwd, opts);
  const ctx: ToolContext = {
    ...base,
    workspace: {
      files: {
        readTextFile: async () => {
          throw new Error('no buffer');
        },
        writeTextFile: async (file) => void writes.push(file),
      },
    },
  };
  return { writes, ctx };
}

async function workspace(): Promise<{ cwd: string; outside: string }> {
  const root = await tempDir('weft-editor-roots-');
  const cwd = path.join(root, 'work');
  const outside = path.join(root, 'outside');
  await mkdir(cwd);
  await mkdir(outside);
  return { cwd, outside };
}

describe('a patch through the editor never reaches it for a path outside the writable roots', () => {
  it('refuses a path that climbs out of the workspace', async () => {
    const { cwd, outside } = await workspace();
    const editor = throughEditor(cwd);
    const result = await applyPatch(patchOf('*** Add File: ../outside/escaped.txt', '+x'), editor.ctx);
    expect(result.success).toBe(false);
    expect(editor.writes).toEqual([]);
    expect(existsSync(path.join(outside, 'escaped.txt'))).toBe(false);
  });

  it('refuses a path through a symlink in the workspace that points out of it', async () => {
    const { cwd, outside } = await workspace();
    await symlink(outside, path.join(cwd, 'link'));
    const editor = throughEditor(cwd);
    const result = await applyPatch(patchOf('*** Add File: link/escaped.txt', '+x'), editor.ctx);
    expect(result.success).toBe(false);
    expect(editor.writes).toEqual([]);
  });

  it('refuses the protected .git inside the workspace', async () => {
    const { cwd } = await workspace();
    await mkdir(path.join(cwd, '.git'));
    const editor = throughEditor(cwd);
    const result = await applyPatch(patchOf('*** Add File: .git/hooks/pre-commit', '+#!/bin/sh'), editor.ctx);
    expect(result.success).toBe(false);
    expect(editor.writes).toEqual([]);
  });

  it('refuses a directory swapped for a symlink out of the workspace after the policy check passed', async () => {
    const { cwd, outside } = await workspace();
    const sub = path.join(cwd, 'sub');
    await mkdir(sub);
    // Untrusted: the user is asked after the check; meanwhile `sub` becomes a link out of the workspace.
    const editor = throughEditor(cwd, {
      approvalPolicy: 'untrusted',
      approver: async () => {
        await rename(sub, path.join(cwd, 'sub.old'));
        await symlink(outside, sub);
        return 'approved';
      },
    });
    const result = await applyPatch(patchOf('*** Add File: sub/escaped.txt', '+x'), editor.ctx);
    expect(result.success).toBe(false);
    expect(editor.writes).toEqual([]);
    expect(existsSync(path.join(outside, 'escaped.txt'))).toBe(false);
  });

  it('writes through the editor what the roots allow', async () => {
    const { cwd } = await workspace();
    const editor = throughEditor(cwd);
    const result = await applyPatch(patchOf('*** Add File: inside.txt', '+x'), editor.ctx);
    expect(result.success).toBe(true);
    expect(editor.writes).toEqual([path.join(cwd, 'inside.txt')]);
    expect(existsSync(path.join(cwd, 'inside.txt'))).toBe(false);
  });
});
