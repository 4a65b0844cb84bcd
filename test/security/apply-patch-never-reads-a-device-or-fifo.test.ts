// Found by the property test of issue 34: a patch naming a device or a FIFO had weft read it to its
// end, so `*** Update File: /dev/zero` (or a FIFO a command made in the workspace) hung the turn and
// grew without bound. Only regular files are read; anything else is refused by name.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPatchTool } from '../../src/tools/apply-patch/apply-patch-tool.js';
import { toolCall } from '../support/exec-tool-context.js';
import { attackLayout, cleanAttackLayouts, sandboxedContext } from '../support/security-fixtures.js';
import { MECHANISMS } from '../support/sandbox-mechanisms.js';

afterEach(cleanAttackLayouts);

const mech = MECHANISMS.find((m) => m.skipReason === undefined) ?? (MECHANISMS[0] as (typeof MECHANISMS)[number]);

describe('apply_patch on what is not a regular file', () => {
  it.each(['/dev/zero', '/dev/urandom', 'fifo'])('refuses %s without reading it', async (target) => {
    const { cwd } = attackLayout();
    execFileSync('mkfifo', [path.join(cwd, 'fifo')]);
    const ctx = sandboxedContext(cwd, mech, { type: 'danger-full-access' });
    const patch = `*** Begin Patch\n*** Update File: ${target}\n@@\n-a\n+b\n*** End Patch`;
    const result = await applyPatchTool({ ...toolCall('apply_patch', {}), kind: 'custom', arguments: patch }, ctx);
    expect(result.success).toBe(false);
    expect(String(result.output)).toContain('not a regular file');
  });
});
