// 0.169's fs/* methods on the real file system, answering as Codex 0.169 does (checked against the
// real binary): bytes in base64, a relative path refused while the params are read, a failed
// system call an internal error in the OS's words ("No such file or directory (os error 2)"), a
// folder copy only with `recursive`, remove forcing and recursive by default, fs/watch reporting
// the paths a write changed as `fs/changed` until fs/unwatch, and a watch id used twice refused.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appServer0169Sessions, ok } from '../../support/appserver-0169-session.js';
import { type Msg } from '../../support/appserver-client.js';

const openServer = appServer0169Sessions();

async function open() {
  const { c, ws } = await openServer();
  return { c, dir: ws.cwd };
}

const failure = (m: Msg) => m.error as { code: number; message: string };

describe('0.169 fs/* methods', () => {
  it('read, write, create, describe, list, copy and remove as Codex answers them', async () => {
    const { c, dir } = await open();
    await writeFile(join(dir, 'a.txt'), 'hello\n');
    await mkdir(join(dir, 'sub'));
    await symlink('a.txt', join(dir, 'link'));

    expect(ok(await c.request('fs/readFile', { path: join(dir, 'a.txt') }))).toEqual({ dataBase64: Buffer.from('hello\n').toString('base64') });
    expect(failure(await c.request('fs/readFile', { path: 'a.txt' }))).toEqual({ code: -32600, message: 'Invalid request: AbsolutePathBuf deserialized without a base path' });
    expect(failure(await c.request('fs/readFile', { path: join(dir, 'missing') }))).toEqual({ code: -32603, message: 'No such file or directory (os error 2)' });
    expect(failure(await c.request('fs/readFile', { path: join(dir, 'sub') })).message).toBe(`path \`${join(dir, 'sub')}\` is not a file`);

    ok(await c.request('fs/writeFile', { path: join(dir, 'b.txt'), dataBase64: 'aGk=' }));
    expect(await readFile(join(dir, 'b.txt'), 'utf8')).toBe('hi');
    expect(failure(await c.request('fs/writeFile', { path: join(dir, 'nodir', 'b.txt'), dataBase64: 'aGk=' })).message).toBe('No such file or directory (os error 2)');

    ok(await c.request('fs/createDirectory', { path: join(dir, 'x', 'y'), recursive: true }));
    ok(await c.request('fs/createDirectory', { path: join(dir, 'x', 'y') }));
    expect(existsSync(join(dir, 'x', 'y'))).toBe(true);

    const meta = ok<Record<string, unknown>>(await c.request('fs/getMetadata', { path: join(dir, 'link') }));
    expect(meta).toMatchObject({ isDirectory: false, isFile: true, isSymlink: true, createdAtMs: 0 });
    expect(typeof meta.modifiedAtMs).toBe('number');

    const listed = ok<{ entries: { fileName: string; isDirectory: boolean; isFile: boolean }[] }>(await c.request('fs/readDirectory', { path: dir }));
    expect(listed.entries.sort((a, b) => a.fileName.localeCompare(b.fileName))).toEqual([
      { fileName: 'a.txt', isDirectory: false, isFile: true },
      { fileName: 'b.txt', isDirectory: false, isFile: true },
      { fileName: 'link', isDirectory: false, isFile: true },
      { fileName: 'sub', isDirectory: true, isFile: false },
      { fileName: 'x', isDirectory: true, isFile: false },
    ]);
    expect(failure(await c.request('fs/readDirectory', { path: join(dir, 'a.txt') })).message).toBe('Not a directory (os error 20)');

    ok(await c.request('fs/copy', { sourcePath: join(dir, 'a.txt'), destinationPath: join(dir, 'c.txt') }));
    expect(await readFile(join(dir, 'c.txt'), 'utf8')).toBe('hello\n');
    expect(failure(await c.request('fs/copy', { sourcePath: join(dir, 'x'), destinationPath: join(dir, 'x2') })).message).toBe('fs/copy requires recursive: true when sourcePath is a directory');
    ok(await c.request('fs/copy', { sourcePath: join(dir, 'x'), destinationPath: join(dir, 'x2'), recursive: true }));
    expect(existsSync(join(dir, 'x2', 'y'))).toBe(true);

    ok(await c.request('fs/remove', { path: join(dir, 'x2') }));
    expect(existsSync(join(dir, 'x2'))).toBe(false);
    ok(await c.request('fs/remove', { path: join(dir, 'x2') }));
  });

  it('fs/watch reports the written path as fs/changed until fs/unwatch; an id used twice is refused', async () => {
    const { c, dir } = await open();
    expect(ok(await c.request('fs/watch', { path: dir, watchId: 'w1' }))).toEqual({ path: dir });
    expect(failure(await c.request('fs/watch', { path: dir, watchId: 'w1' })).message).toBe('watchId already exists: w1');
    const from = c.received.length;
    ok(await c.request('fs/writeFile', { path: join(dir, 'd.txt'), dataBase64: 'aGk=' }));
    const changed = await c.until((m) => m.method === 'fs/changed', from);
    expect(changed.params).toEqual({ watchId: 'w1', changedPaths: [join(dir, 'd.txt')] });
    ok(await c.request('fs/unwatch', { watchId: 'w1' }));
    ok(await c.request('fs/unwatch', { watchId: 'w1' }));
  });
});
