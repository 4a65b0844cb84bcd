// A thread's `approvalPolicy` under the 0.169 app-server, as the real Codex 0.169.0 answers it
// (probed with its binary): `untrusted` is still a per-thread policy and the thread starts with it
// (only config.toml's `approval_policy = "untrusted"` is refused at start, see
// config-retired-settings-refused-under-0169.test.ts); `on-failure` is no longer a variant of the
// protocol's AskForApproval and is refused as invalid, naming the ones it has.
import { afterEach, expect, it } from 'vitest';
import { startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { InProcessClient } from '../../support/appserver-client.js';
import { appServerWorkspace0169 } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

it('starts a thread with approvalPolicy untrusted and refuses on-failure as an unknown variant', async () => {
  const mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  const ws = await appServerWorkspace0169(mock.url);
  const client = new InProcessClient(ws.options);
  try {
    await client.initialize();
    const untrusted = await client.request('thread/start', { cwd: ws.cwd, approvalPolicy: 'untrusted' });
    expect(untrusted.error).toBeUndefined();
    expect((untrusted.result as { approvalPolicy: unknown }).approvalPolicy).toBe('untrusted');
    const started = client.received.filter((m) => m.method === 'thread/started').length;
    const onFailure = await client.request('thread/start', { cwd: ws.cwd, approvalPolicy: 'on-failure' });
    expect(onFailure.error).toEqual({
      code: -32600,
      message: 'Invalid request: unknown variant `on-failure`, expected one of `untrusted`, `on-request`, `granular`, `never`',
    });
    expect(client.received.filter((m) => m.method === 'thread/started').length).toBe(started);
  } finally {
    await client.close();
    await mock.close();
  }
});
