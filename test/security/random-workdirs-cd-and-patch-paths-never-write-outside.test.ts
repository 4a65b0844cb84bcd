// The property of issue 34: whatever `workdir` a command names, whatever directory an apply_patch
// script changes to and whatever path its patch writes (through symlinks, `..`, absolute, device
// files), nothing outside the thread's writable roots changes. Generated with fast-check; a failure
// prints the seed and the smallest case that breaks it.
import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { attackLayout, cleanAttackLayouts, execCommand, patchScript, sandboxedContext } from '../support/security-fixtures.js';
import { MECHANISMS } from '../support/sandbox-mechanisms.js';

afterAll(cleanAttackLayouts);

const RUNS = 50;

/** Every entry under `dir` (not following symlinks) with its kind and, for a file, its text. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      const st = lstatSync(p);
      if (st.isDirectory()) {
        out.push(`${p}/`);
        walk(p);
      } else out.push(st.isFile() ? `${p}=${readFileSync(p, 'utf8')}` : `${p}@`);
    }
  };
  walk(dir);
  return out;
}

function shallow(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

describe.each(MECHANISMS)('random workdirs, cd prefixes and patch paths under $mechanism.label ($profile)', (mech) => {
  it.skipIf(mech.skipReason !== undefined)(`never write outside the roots (${RUNS} generated attacks)`, async () => {
    const { base, cwd, outside } = attackLayout();
    mkdirSync(path.join(cwd, 'sub'));
    mkdirSync(path.join(outside, 'nested'));
    writeFileSync(path.join(outside, 'victim.txt'), 'victim\n');
    writeFileSync(path.join(cwd, 'victim.txt'), 'victim\n');
    symlinkSync(outside, path.join(cwd, 'link-out'));
    symlinkSync(path.join(cwd, 'sub'), path.join(cwd, 'link-in'));
    symlinkSync(path.join(outside, 'victim.txt'), path.join(cwd, 'file-link-out'));
    const ctx = sandboxedContext(cwd, mech);
    const outsideBefore = snapshot(outside);
    const baseBefore = shallow(base);
    // / and /dev/shm are shared with the rest of the machine: only the names an attack can write count.
    const NAMES = ['outside', 'link-out', 'link-in', 'sub', 'hooks', 'nested', 'victim.txt', 'file-link-out', 'new.txt', 'work', 'weft-planted', 'x.txt'];
    const planted = (dir: string): string[] => shallow(dir).filter((n) => NAMES.includes(n));
    const rootBefore = planted('/');
    const shmBefore = planted('/dev/shm');

    const dirs = [outside, '/', '/dev', '/dev/shm', '..', '../outside', '.git', '.git/hooks', 'sub', 'link-out', 'link-in', '.', path.join(outside, 'nested')];
    const workdir = fc.option(fc.constantFrom(...dirs), { nil: undefined });
    const cd = fc.option(fc.constantFrom(...dirs), { nil: undefined });
    const segment = fc.constantFrom('..', 'outside', 'link-out', 'link-in', 'sub', '.git', 'hooks', 'nested', 'victim.txt', 'file-link-out', 'new.txt', '.', 'work');
    const relative = fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => s.join('/'));
    const absolute = fc.tuple(fc.constantFrom(outside, cwd, base, '/dev', '/dev/shm', '/'), relative).map(([a, r]) => path.join(a, r));
    const device = fc.constantFrom('/dev/null', '/dev/full', '/dev/zero', '/dev/shm/weft-planted', '/proc/self/root' + outside + '/x.txt');
    // Removals (a patch's Delete or Move source, `rm`) only ever name paths under this test's own
    // directory: should the sandbox fail, the suite must not take the machine's files with it (run
    // against 76b4ac3 as root, an `rm -f /dev/full` from a workdir of `/dev` did exactly that).
    const removable = fc.oneof(relative, fc.tuple(fc.constantFrom(outside, cwd, base), relative).map(([a, r]) => path.join(a, r)));
    // Likewise a patch never adds or moves a file onto a device (a broken sandbox would replace
    // /dev/null with a file); devices are what it reads (Update) and what a command writes to.
    const created = fc.oneof(relative, absolute, fc.constantFrom('/dev/shm/weft-planted', '/proc/self/root' + outside + '/x.txt'));
    const target = fc.oneof(relative, absolute, device);
    const hunkOf = fc.oneof(
      fc.tuple(fc.constant('add' as const), created, created),
      fc.tuple(fc.constant('update' as const), target, target),
      fc.tuple(fc.constant('delete' as const), removable, removable),
      fc.tuple(fc.constant('move' as const), removable, created),
    );

    await fc.assert(
      fc.asyncProperty(workdir, cd, hunkOf, target, removable, async (wd, dir, [kind, file, other], written, gone) => {
        const hunk =
          kind === 'add'
            ? `*** Add File: ${file}\n+planted`
            : kind === 'delete'
              ? `*** Delete File: ${file}`
              : kind === 'update'
                ? `*** Update File: ${file}\n@@\n-victim\n+planted`
                : `*** Update File: ${file}\n*** Move to: ${other}\n@@\n-victim\n+planted`;
        await execCommand(ctx, { cmd: patchScript(hunk, dir), ...(wd !== undefined ? { workdir: wd } : {}) });
        await execCommand(ctx, { cmd: `echo planted > ${JSON.stringify(written)}; rm -f ${JSON.stringify(gone)}`, ...(wd !== undefined ? { workdir: wd } : {}) });
        expect(snapshot(outside)).toEqual(outsideBefore);
        expect(shallow(base)).toEqual(baseBefore);
        expect(planted('/')).toEqual(rootBefore);
        expect(planted('/dev/shm')).toEqual(shmBefore);
        // Codex 0.98's Landlock leaves `.git` writable to commands (a fact weft keeps, see docs/sandbox.md).
        if (mech.keepsGitReadOnly) expect(shallow(path.join(cwd, '.git', 'hooks'))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
