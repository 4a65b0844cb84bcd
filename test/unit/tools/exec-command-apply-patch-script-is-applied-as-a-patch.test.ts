import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { interceptShellPatch, shellPatchOf } from '../../../src/tools/apply-patch/shell-patch.js';
import type { ToolHandler } from '../../../src/tools/tool-registry.js';
import { patchContext } from '../../support/patch-harness.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const PATCH = '*** Begin Patch\n*** Add File: hi.txt\n+hi\n*** End Patch';

describe('exec_command with an apply_patch script', () => {
  it('recognizes the heredoc forms Codex recognizes, with an optional cd first', () => {
    expect(shellPatchOf(`apply_patch <<'EOF'\n${PATCH}\nEOF`)).toEqual({ patch: PATCH, cd: undefined });
    expect(shellPatchOf(`applypatch <<"PATCH"\n${PATCH}\nPATCH\n`)).toEqual({ patch: PATCH, cd: undefined });
    expect(shellPatchOf(`apply_patch <<EOF\n${PATCH}\nEOF`)).toEqual({ patch: PATCH, cd: undefined });
    expect(shellPatchOf(`cd 'sub dir' && apply_patch <<'EOF'\n${PATCH}\nEOF`)).toEqual({ patch: PATCH, cd: 'sub dir' });
    expect(shellPatchOf(`apply_patch '${PATCH}'`)).toEqual({ patch: PATCH, cd: undefined });
  });

  it('leaves every other script to the shell', () => {
    expect(shellPatchOf(`echo hi && apply_patch <<'EOF'\n${PATCH}\nEOF`)).toBeUndefined();
    expect(shellPatchOf(`cd sub; apply_patch <<'EOF'\n${PATCH}\nEOF`)).toBeUndefined();
    expect(shellPatchOf(`apply_patch <<'EOF'\n${PATCH}\nEOF\necho done`)).toBeUndefined();
    expect(shellPatchOf('ls -la')).toBeUndefined();
  });

  it('applies the patch in the workdir (and the cd) instead of running the command', async () => {
    const dir = await tempDir();
    await writeTree(dir, { 'sub/keep': '' });
    const ran: string[] = [];
    const shell: ToolHandler = async (call) => (ran.push(call.arguments), { output: 'ran', success: true });
    const handler = interceptShellPatch(shell);
    const call = (cmd: string) => ({ name: 'exec_command', arguments: JSON.stringify({ cmd, workdir: dir }), callId: 'c1', signal: new AbortController().signal });
    const result = await handler(call(`cd sub && apply_patch <<'EOF'\n${PATCH}\nEOF`), patchContext(dir));
    expect(result.success).toBe(true);
    expect(result.output).toMatch(/Success. Updated the following files:\nA hi.txt\n$/);
    expect(await readFile(path.join(dir, 'sub/hi.txt'), 'utf8')).toBe('hi\n');
    expect(ran).toEqual([]);
    await handler(call('echo not a patch'), patchContext(dir));
    expect(ran).toHaveLength(1);
  });
});
