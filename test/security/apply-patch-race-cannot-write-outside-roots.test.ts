// Defect 4 of issue 34 (the brief's item 3): apply_patch checked its paths, then wrote them; a
// sandboxed command that swapped a directory for a symlink in between got patches written outside the
// roots. The writer now runs inside the sandbox, so the kernel judges each write when it is made.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnCommand, type SpawnedCommand } from '../../src/tools/run-process.js';
import { attackLayout, cleanAttackLayouts, CWD_ONLY, entriesOf, execCommand, patchScript, sandboxedContext } from '../support/security-fixtures.js';
import { MECHANISMS, type MechanismCase } from '../support/sandbox-mechanisms.js';

const PATCHES = 40;
let racer: SpawnedCommand | undefined;
afterEach(async () => {
  racer?.kill();
  await racer?.closed;
  racer = undefined;
  cleanAttackLayouts();
});

// Swaps `d` between a directory and a symlink to `outside` as fast as it can, never stopping.
const SWAPPER = String.raw`
const fs = require('node:fs');
const [d, parked, outside] = process.argv.slice(1);
fs.writeSync(1, 'swapping\n');
for (;;) {
  try { fs.renameSync(d, parked); } catch {}
  try { fs.symlinkSync(outside, d); } catch {}
  try { fs.unlinkSync(d); } catch {}
  try { fs.renameSync(parked, d); } catch {}
}`;

async function startSwapper(mech: MechanismCase, cwd: string, outside: string): Promise<void> {
  const argv = [process.execPath, '-e', SWAPPER, path.join(cwd, 'd'), path.join(cwd, 'parked'), outside];
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
  racer = await spawnCommand({ argv, cwd, env, sandbox: { policy: CWD_ONLY, policyCwd: cwd, mechanism: mech.mechanism } });
  // Under way once it says so.
  await new Promise<void>((resolve) => racer?.onData((chunk) => chunk.toString().includes('swapping') && resolve()));
}

describe.each(MECHANISMS)('apply_patch against a swapping directory under $mechanism.label ($profile)', (mech) => {
  it.skipIf(mech.skipReason !== undefined)(`${PATCHES} patches into a directory swapped for a symlink write nothing outside the roots`, async () => {
    const { cwd, outside } = attackLayout();
    const ctx = sandboxedContext(cwd, mech);
    await execCommand(ctx, { cmd: 'mkdir d' });
    await startSwapper(mech, cwd, outside);
    for (let i = 0; i < PATCHES; i++) await execCommand(ctx, { cmd: patchScript(`*** Add File: d/f${i}.txt\n+${i}`) });
    racer?.kill();
    await racer?.closed;
    expect(entriesOf(outside)).toEqual([]);
  });
});
