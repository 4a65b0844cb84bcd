// The placeholders bubblewrap leaves on missing protected names: claimed by each sandbox that uses
// one, removed by the last release, never when it is the user's own directory or holds anything.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { claimPlaceholders, markerBase } from '../../../../src/tools/sandbox/protected-placeholders.js';
import { writableRoots } from '../../../../src/tools/sandbox/writable-roots.js';

const made: string[] = [];
function tmp(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'weft-placeholders-'));
  made.push(d);
  return d;
}
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

const policy = { type: 'workspace-write', network_access: false, exclude_slash_tmp: true, exclude_tmpdir_env_var: true } as const;

test('missing protected names are listed to guard; existing ones are bound read-only instead', () => {
  const cwd = tmp();
  mkdirSync(path.join(cwd, '.git'));
  const [root] = writableRoots(policy, cwd, {});
  expect(root?.readOnlySubpaths).toEqual([path.join(cwd, '.git')]);
  expect(root?.missingProtected).toEqual([path.join(cwd, '.codex'), path.join(cwd, '.agents')]);
});

test('a protected name that is a dangling symlink is guarded where it points, inside the root', () => {
  const cwd = tmp();
  mkdirSync(path.join(cwd, '.git'));
  mkdirSync(path.join(cwd, '.codex'));
  symlinkSync('decoy/inner', path.join(cwd, '.agents'));
  expect(writableRoots(policy, cwd, {})[0]?.missingProtected).toEqual([path.join(cwd, 'decoy')]);
});

test('the last sandbox to release a placeholder removes it; one still running keeps it', async () => {
  const cwd = tmp();
  const base = path.join(tmp(), 'markers');
  mkdirSync(base, { mode: 0o700 });
  const roots = () => writableRoots(policy, cwd, {});
  const first = await claimPlaceholders(roots, base);
  // bubblewrap makes the mount points when the first sandbox starts.
  for (const p of first.roots[0]?.missingProtected ?? []) mkdirSync(p);
  const second = await claimPlaceholders(roots, base);
  expect(second.roots[0]?.missingProtected).toEqual([]);
  await first.claims.release();
  expect(existsSync(path.join(cwd, '.agents'))).toBe(true);
  await second.claims.release();
  for (const name of ['.git', '.codex', '.agents']) expect(existsSync(path.join(cwd, name))).toBe(false);
});

test('a directory the user made, or a placeholder that somehow holds a file, is never removed', async () => {
  const cwd = tmp();
  const base = path.join(tmp(), 'markers');
  mkdirSync(base, { mode: 0o700 });
  mkdirSync(path.join(cwd, '.agents'));
  const run = await claimPlaceholders(() => writableRoots(policy, cwd, {}), base);
  mkdirSync(path.join(cwd, '.codex'));
  writeFileSync(path.join(cwd, '.codex', 'kept'), 'x');
  await run.claims.release();
  expect(existsSync(path.join(cwd, '.agents'))).toBe(true);
  expect(existsSync(path.join(cwd, '.codex', 'kept'))).toBe(true);
});

test('markers are kept only in a private directory of the user', () => {
  const shm = tmp();
  const uid = process.getuid?.() ?? 0;
  expect(markerBase(uid, shm)).toBe(path.join(shm, `weft-sandbox-${uid}`));
  const other = tmp();
  mkdirSync(path.join(other, `weft-sandbox-${uid}`), { mode: 0o777 });
  chmodSync(path.join(other, `weft-sandbox-${uid}`), 0o777);
  expect(markerBase(uid, other)).toBeUndefined();
  expect(markerBase(uid, path.join(other, 'no-such-dir'))).toBeUndefined();
});
