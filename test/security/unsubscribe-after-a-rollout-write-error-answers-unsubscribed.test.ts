// After a rollout write error (here the rollout's file descriptor is closed under the writer, so
// its next write fails for real with EBADF, as a full disk fails it), `thread/unsubscribe` unloaded
// the thread but answered an error. It answers `unsubscribed`, the thread is no longer loaded, and
// the failure is in the server's log.
import { closeSync, readdirSync, readlinkSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { InProcessClient } from '../support/appserver-client.js';
import { startAppServerMock } from '../support/appserver-mock.js';
import { appServerWorkspace0169 } from '../support/appserver-workspace.js';
import { removeTempDirs } from '../support/temp-tree.js';

afterEach(removeTempDirs);

function descriptorsOf(file: string): number[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file ? [Number(fd)] : [];
    } catch {
      return [];
    }
  });
}

test.skipIf(process.platform !== 'linux')('thread/unsubscribe after a write error answers unsubscribed and unloads the thread', async () => {
  const mock = await startAppServerMock();
  const ws = await appServerWorkspace0169(mock.url);
  const logged: string[] = [];
  const c = new InProcessClient({ ...ws.options, log: (m) => logged.push(m) });
  try {
    await c.initialize();
    const started = (await c.request('thread/start', { cwd: ws.cwd })).result as { thread: { id: string; path: string } };
    const { id, path } = started.thread;
    const at = c.received.length;
    await c.request('turn/start', { threadId: id, input: [{ type: 'text', text: 'hello', text_elements: [] }] });
    await c.until((m) => m.method === 'turn/completed', at);
    const fds = descriptorsOf(path);
    expect(fds.length).toBeGreaterThan(0);
    for (const fd of fds) closeSync(fd);
    // The next turn's writes fail.
    const at2 = c.received.length;
    await c.request('turn/start', { threadId: id, input: [{ type: 'text', text: 'again', text_elements: [] }] });
    await c.until((m) => m.method === 'turn/completed' || m.method === 'error', at2);
    const answer = await c.request('thread/unsubscribe', { threadId: id });
    expect(answer.error).toBeUndefined();
    expect(answer.result).toEqual({ status: 'unsubscribed' });
    expect((await c.request('thread/loaded/list', {})).result).toMatchObject({ data: [] });
    expect(logged.join('\n')).toMatch(new RegExp(`thread ${id}: unloaded, but closing it failed`));
  } finally {
    await c.server.close().catch(() => undefined);
    await mock.close();
  }
});
