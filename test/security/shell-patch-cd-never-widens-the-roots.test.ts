// Defect 2 of issue 34: `cd DIR && apply_patch <<'EOF' … EOF` was checked against DIR as if DIR were
// a writable root, so a patch could be written anywhere. The check takes the thread's roots.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attackLayout, cleanAttackLayouts, entriesOf, execCommand, patchScript, sandboxedContext } from '../support/security-fixtures.js';
import { MECHANISMS } from '../support/sandbox-mechanisms.js';

afterEach(cleanAttackLayouts);

describe.each(MECHANISMS)('apply_patch after a cd under $mechanism.label ($profile)', (mech) => {
  it.skipIf(mech.skipReason !== undefined)('cd to a directory outside the roots, or to /, writes nothing there', async () => {
    const { cwd, outside } = attackLayout();
    const ctx = sandboxedContext(cwd, mech);
    const results = [
      await execCommand(ctx, { cmd: patchScript('*** Add File: pwned.txt\n+x', outside) }),
      await execCommand(ctx, { cmd: patchScript(`*** Add File: ${path.relative('/', path.join(outside, 'rel.txt'))}\n+x`, '/') }),
      await execCommand(ctx, { cmd: patchScript('*** Add File: hooks/pre-commit\n+#!/bin/sh', '.git') }),
      await execCommand(ctx, { cmd: patchScript('*** Add File: x.txt\n+x', outside), workdir: '/' }),
    ];
    for (const r of results) expect(r.success).toBe(false);
    expect(entriesOf(outside)).toEqual([]);
    expect(entriesOf(path.join(cwd, '.git', 'hooks'))).toEqual([]);
  });

  it.skipIf(mech.skipReason !== undefined)('cd to a directory inside the roots writes the patch there', async () => {
    const { cwd } = attackLayout();
    const ctx = sandboxedContext(cwd, mech);
    await execCommand(ctx, { cmd: 'mkdir sub' });
    const result = await execCommand(ctx, { cmd: patchScript('*** Add File: made.txt\n+made', 'sub') });
    expect(result.success).toBe(true);
    expect(readFileSync(path.join(cwd, 'sub', 'made.txt'), 'utf8')).toBe('made\n');
  });
});
