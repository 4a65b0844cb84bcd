// thread/start (and resume, fork) with a `cwd` that is not an existing directory: invalid params
// naming `cwd`, and no thread is created.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { InProcessClient } from '../../support/appserver-client.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

it('refuses a cwd that does not exist or is a file, and starts no thread', async () => {
  const mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  const ws = await appServerWorkspace(mock.url);
  const client = new InProcessClient(ws.options);
  try {
    await client.initialize();
    const file = path.join(ws.cwd, 'a-file');
    await writeFile(file, 'x');
    for (const [cwd, why] of [[path.join(ws.cwd, 'missing'), 'no such directory'], [file, 'not a directory']] as const) {
      const r = await client.request('thread/start', { cwd });
      expect(r.error).toMatchObject({ code: -32602, message: expect.stringContaining(`\`cwd\`: ${cwd}: ${why}`) });
    }
    expect(client.received.some((m) => m.method === 'thread/started')).toBe(false);
    expect((await client.request('thread/start', { cwd: ws.cwd })).error).toBeUndefined();
  } finally {
    await client.close();
    await mock.close();
  }
});
