// Defect 1 of issue 34: the sandbox was built from the command's `workdir`, so `workdir: "/"` made the
// whole disk writable and `workdir: ".git"` let a command write git hooks. The roots come from the
// thread's policy and cwd alone.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attackLayout, cleanAttackLayouts, entriesOf, execCommand, sandboxedContext } from '../support/security-fixtures.js';
import { MECHANISMS } from '../support/sandbox-mechanisms.js';

afterEach(cleanAttackLayouts);

describe.each(MECHANISMS)('exec_command workdir under $mechanism.label ($profile)', (mech) => {
  it.skipIf(mech.skipReason !== undefined)('workdir "/" does not make the disk writable', async () => {
    const { cwd, outside } = attackLayout();
    const ctx = sandboxedContext(cwd, mech);
    await execCommand(ctx, { cmd: `echo pwned > ${path.join(outside, 'from-root.txt')}`, workdir: '/' });
    await execCommand(ctx, { cmd: `echo pwned > ${path.relative('/', path.join(outside, 'relative.txt'))}`, workdir: '/' });
    expect(entriesOf(outside)).toEqual([]);
  });

  it.skipIf(mech.skipReason !== undefined)('workdir naming a directory outside the roots does not make it writable', async () => {
    const { cwd, outside } = attackLayout();
    const ctx = sandboxedContext(cwd, mech);
    await execCommand(ctx, { cmd: 'echo pwned > here.txt', workdir: outside });
    await execCommand(ctx, { cmd: 'echo pwned > here2.txt', workdir: path.relative(cwd, outside) });
    expect(entriesOf(outside)).toEqual([]);
  });

  it.skipIf(mech.skipReason !== undefined || !mech.keepsGitReadOnly)('workdir ".git" does not let a command write git hooks', async () => {
    const { cwd } = attackLayout();
    const ctx = sandboxedContext(cwd, mech);
    await execCommand(ctx, { cmd: 'echo "#!/bin/sh" > hooks/pre-commit; echo x > config', workdir: '.git' });
    await execCommand(ctx, { cmd: 'echo "#!/bin/sh" > pre-commit', workdir: '.git/hooks' });
    expect(existsSync(path.join(cwd, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(existsSync(path.join(cwd, '.git', 'config'))).toBe(false);
  });

  it.skipIf(mech.skipReason !== undefined)('a command in its workdir inside the roots still writes there', async () => {
    const { cwd } = attackLayout();
    const ctx = sandboxedContext(cwd, mech);
    await execCommand(ctx, { cmd: 'mkdir -p sub && echo ok > sub/file.txt' });
    await execCommand(ctx, { cmd: 'echo ok > again.txt', workdir: 'sub' });
    expect(entriesOf(path.join(cwd, 'sub'))).toEqual(['again.txt', 'file.txt']);
  });
});
