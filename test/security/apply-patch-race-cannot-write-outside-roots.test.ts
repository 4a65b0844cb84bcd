// Defect 4 of issue 34 (the brief's item 3): apply_patch checked its paths, then wrote them; a
// sandboxed command that swapped a directory for a symlink in between got patches written outside the
// roots. The writer now runs inside the sandbox, so the kernel judges each write when it is made. The
// race is made certain here: the patch is planned and checked, a sandboxed command swaps the
// directory, then the planned writes run.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parsePatch } from '../../src/tools/apply-patch/parse-patch.js';
import { pathsOutsideRoots } from '../../src/tools/apply-patch/patch-permission.js';
import { planPatch, touchedPaths, type PatchPlan } from '../../src/tools/apply-patch/plan-patch.js';
import { PatchWriteError, writePlan } from '../../src/tools/apply-patch/write-plan.js';
import { attackLayout, cleanAttackLayouts, CWD_ONLY, entriesOf, execCommand, sandboxedContext } from '../support/security-fixtures.js';
import { MECHANISMS, type MechanismCase } from '../support/sandbox-mechanisms.js';

afterEach(cleanAttackLayouts);

/** The patch planned and checked while `d` is a directory of the workspace. */
async function checkedPlan(cwd: string, body: string): Promise<PatchPlan> {
  const plan = await planPatch(parsePatch(`*** Begin Patch\n${body}\n*** End Patch`), cwd);
  expect(pathsOutsideRoots(touchedPaths(plan), CWD_ONLY, cwd, undefined)).toEqual([]);
  return plan;
}

function write(plan: PatchPlan, cwd: string, mech: MechanismCase): Promise<void> {
  return writePlan(plan, { sandbox: { policy: CWD_ONLY, policyCwd: cwd, mechanism: mech.mechanism }, env: { PATH: process.env['PATH'] } });
}

describe.each(MECHANISMS)('apply_patch against a directory swapped after the check under $mechanism.label ($profile)', (mech) => {
  it.skipIf(mech.skipReason !== undefined)('a file added in a directory swapped for a symlink is not written outside', async () => {
    const { cwd, outside } = attackLayout();
    const ctx = sandboxedContext(cwd, mech);
    await execCommand(ctx, { cmd: 'mkdir d && echo kept > first.txt' });
    const plan = await checkedPlan(cwd, '*** Update File: first.txt\n@@\n-kept\n+changed\n*** Add File: d/planted.sh\n+#!/bin/sh');
    await execCommand(ctx, { cmd: `mv d parked && ln -s ${outside} d` });
    await expect(write(plan, cwd, mech)).rejects.toThrow(PatchWriteError);
    expect(entriesOf(outside)).toEqual([]);
    // All or nothing: the change inside the roots was put back.
    expect(readFileSync(path.join(cwd, 'first.txt'), 'utf8')).toBe('kept\n');
  });

  it.skipIf(mech.skipReason !== undefined)('a file deleted through a directory swapped for a symlink stays outside', async () => {
    const { cwd, outside } = attackLayout();
    const ctx = sandboxedContext(cwd, mech);
    writeFileSync(path.join(outside, 'victim.txt'), 'victim\n');
    await execCommand(ctx, { cmd: 'mkdir d && echo victim > d/victim.txt' });
    const plan = await checkedPlan(cwd, '*** Delete File: d/victim.txt');
    await execCommand(ctx, { cmd: `mv d parked && ln -s ${outside} d` });
    await expect(write(plan, cwd, mech)).rejects.toThrow(PatchWriteError);
    expect(readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('victim\n');
  });

  it.skipIf(mech.skipReason !== undefined)('the same plan without the swap is written', async () => {
    const { cwd } = attackLayout();
    const ctx = sandboxedContext(cwd, mech);
    await execCommand(ctx, { cmd: 'mkdir d' });
    const plan = await checkedPlan(cwd, '*** Add File: d/made.txt\n+made');
    await write(plan, cwd, mech);
    expect(readFileSync(path.join(cwd, 'd', 'made.txt'), 'utf8')).toBe('made\n');
  });
});
