// fuzzyFileSearch (0.169) over a workspace, as Codex 0.169 searches it (checked against the real
// binary): files and folders match, hidden ones included; inside a git work tree what git ignores
// is left out, outside one nothing is; a match in the entry's own name ranks first; indices are the
// matched positions of the path; an empty query finds nothing.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appServer0169Sessions } from '../../support/appserver-0169-session.js';
import { type Msg } from '../../support/appserver-client.js';

const openServer = appServer0169Sessions();

interface Found {
  root: string;
  path: string;
  match_type: string;
  file_name: string;
  score: number;
  indices: number[];
}
const files = (m: Msg): Found[] => {
  expect(m.error, JSON.stringify(m.error)).toBeUndefined();
  return (m.result as { files: Found[] }).files;
};

async function open() {
  const { c, ws } = await openServer(async ({ cwd: dir }) => {
    for (const d of ['src/deep', 'build', '.hidden']) await mkdir(join(dir, d), { recursive: true });
    for (const f of ['src/deep/main_thing.rs', 'build/main_out.js', '.hidden/main_h.txt', 'main.ts', 'other.md']) await writeFile(join(dir, f), 'x\n');
    await writeFile(join(dir, '.gitignore'), 'build/\n');
  });
  return { c, dir: ws.cwd };
}

describe('fuzzyFileSearch', () => {
  it('outside a git work tree: every file and folder, hidden ones too', async () => {
    const { c, dir } = await open();
    const found = files(await c.request('fuzzyFileSearch', { query: 'main', roots: [dir] }));
    expect(found.map((f) => f.path).sort()).toEqual(['.hidden/main_h.txt', 'build/main_out.js', 'main.ts', 'src/deep/main_thing.rs']);
    const main = found.find((f) => f.path === 'main.ts')!;
    expect(main).toMatchObject({ root: dir, match_type: 'file', file_name: 'main.ts', indices: [0, 1, 2, 3] });
    expect(found.find((f) => f.path === 'src/deep/main_thing.rs')!.indices).toEqual([9, 10, 11, 12]);
    const deep = files(await c.request('fuzzyFileSearch', { query: 'deep', roots: [dir] }));
    expect(deep[0]).toMatchObject({ path: 'src/deep', match_type: 'directory', file_name: 'deep' });
    expect(deep.map((f) => f.path)).toContain('src/deep/main_thing.rs');
    expect(files(await c.request('fuzzyFileSearch', { query: '', roots: [dir] }))).toEqual([]);
  });

  it('inside a git work tree: what git ignores is left out', async () => {
    const { c, dir } = await open();
    execFileSync('git', ['init', '-q', dir]);
    const found = files(await c.request('fuzzyFileSearch', { query: 'main', roots: [dir] }));
    expect(found.map((f) => f.path).sort()).toEqual(['.hidden/main_h.txt', 'main.ts', 'src/deep/main_thing.rs']);
  });
});
