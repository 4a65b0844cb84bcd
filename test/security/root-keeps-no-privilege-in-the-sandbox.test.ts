// Defect 5 of issue 34 (the brief's item 4): run as root (containers, CI), a sandboxed command kept its
// capabilities: under bubblewrap it could remount / read-write (even under read-only) and enter other
// namespaces; under the Landlock helper it could create a block device and write the disk through it.
// Every capability is dropped and no device node can be made. The suite runs as root and as an
// unprivileged user (.ci/run); as root these are the attacks, unprivileged they must hold as well.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import { runSandboxed } from '../support/run-sandboxed.js';
import { attackLayout, cleanAttackLayouts, CWD_ONLY, entriesOf } from '../support/security-fixtures.js';
import { MECHANISMS, type MechanismCase } from '../support/sandbox-mechanisms.js';

afterEach(cleanAttackLayouts);

const asRoot = process.getuid?.() === 0;
const POLICIES: readonly SandboxPolicy[] = [{ type: 'read-only' }, CWD_ONLY];

function sh(mech: MechanismCase, policy: SandboxPolicy, cwd: string, script: string) {
  return runSandboxed(['/bin/sh', '-c', script], cwd, { PATH: process.env['PATH'] ?? '/usr/bin:/bin' }, policy, mech.mechanism);
}

function capabilities(status: string): Record<string, string> {
  return Object.fromEntries([...status.matchAll(/^(Cap\w+):\s*([0-9a-f]+)$/gm)].map((m) => [m[1] as string, m[2] as string]));
}

describe.each(MECHANISMS)(`privileges in the sandbox under $mechanism.label ($profile), run as ${asRoot ? 'root' : 'an unprivileged user'}`, (mech) => {
  it.skipIf(mech.skipReason !== undefined)('a command holds no capability', async () => {
    const { cwd } = attackLayout();
    for (const policy of POLICIES) {
      const caps = capabilities((await sh(mech, policy, cwd, 'cat /proc/self/status')).output);
      expect(caps['CapEff']).toMatch(/^0+$/);
      expect(caps['CapPrm']).toMatch(/^0+$/);
      expect(caps['CapAmb']).toMatch(/^0+$/);
      // Root's bounding set is emptied too, so no exec can give a capability back.
      if (asRoot) expect(caps['CapBnd']).toMatch(/^0+$/);
    }
  });

  it.skipIf(mech.skipReason !== undefined)('a command cannot remount / read-write and then write outside the roots', async () => {
    const { cwd, outside } = attackLayout();
    for (const policy of POLICIES) {
      await sh(mech, policy, cwd, `mount -o remount,rw / ; mount -o remount,rw,bind / / ; echo pwned > ${path.join(outside, 'after-remount.txt')}`);
    }
    expect(entriesOf(outside)).toEqual([]);
  });

  it.skipIf(mech.skipReason !== undefined)('a command cannot create a device node, even in a writable root', async () => {
    const { cwd } = attackLayout();
    const run = await sh(mech, CWD_ONLY, cwd, 'mknod blk b 7 0; mknod chr c 1 3; ls');
    expect(entriesOf(cwd).filter((e) => e === 'blk' || e === 'chr')).toEqual([]);
    expect(run.output).not.toMatch(/^blk$/m);
  });

  it.skipIf(mech.skipReason !== undefined)('a command cannot enter another namespace', async () => {
    const { cwd } = attackLayout();
    const run = await sh(mech, { type: 'read-only' }, cwd, 'nsenter --net=/proc/1/ns/net --mount=/proc/1/ns/mnt -- true && echo ENTERED; unshare --net -- true && echo UNSHARED-AS-PRIVILEGED');
    expect(run.output).not.toContain('ENTERED');
  });
});
