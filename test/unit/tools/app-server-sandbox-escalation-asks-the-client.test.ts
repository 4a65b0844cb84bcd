// Both ways out of the sandbox go through the client's approval (`item/commandExecution/requestApproval`):
// the model's `require_escalated` request carries its justification as the reason, and under
// `on-failure` a command the sandbox stopped is asked about again with the retry reason. The command
// runs outside the sandbox only when the client accepts. Under a real bwrap.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { functionCallReply, startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { RETRY_OUTSIDE_SANDBOX_REASON } from '../../../src/tools/sandbox/sandbox-retry.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { BUBBLEWRAP } from '../../support/sandbox-mechanisms.js';
import { removeTempDirs } from '../../support/temp-tree.js';

const skipWithoutBwrap = BUBBLEWRAP.skipReason !== undefined;

afterEach(removeTempDirs);

// The workspace lives under the temp dir: keep /tmp out of the writable roots so the file outside cwd is refused.
const CONFIG = 'sandbox_mode = "workspace-write"\n[sandbox_workspace_write]\nexclude_slash_tmp = true\nexclude_tmpdir_env_var = true\n';

async function run(approvalPolicy: string, args: (outside: string) => Record<string, unknown>, decision: string): Promise<{ asks: Msg[]; created: boolean }> {
  let replies: ReturnType<typeof textReply>[] = [];
  const mock = await startMockResponsesServer({ respond: (_req, i) => replies[i] ?? textReply('done') });
  const ws = await appServerWorkspace(mock.url, CONFIG);
  const outside = join(ws.root, 'outside.txt');
  replies = [functionCallReply('exec_command', args(outside), 'call_out'), textReply('ok')];
  const client = new InProcessClient(ws.options, (req) => ({ result: req.method === 'item/commandExecution/requestApproval' ? { decision } : {} }));
  try {
    await client.initialize();
    const start = await client.request('thread/start', { cwd: ws.cwd, approvalPolicy });
    const threadId = (start.result as { thread: { id: string } }).thread.id;
    const at = client.received.length;
    const turn = await client.request('turn/start', { threadId, input: [{ type: 'text', text: 'write outside' }] });
    await client.turnCompleted(threadId, (turn.result as { turn: { id: string } }).turn.id, at);
    const asks = client.received.slice(at).filter((m) => m.method === 'item/commandExecution/requestApproval');
    return { asks, created: existsSync(outside) };
  } finally {
    await client.close();
    await mock.close();
  }
}

describe.skipIf(skipWithoutBwrap)('app-server: leaving the sandbox needs the client', () => {
  const escalated = (outside: string) => ({ cmd: `touch ${outside}`, sandbox_permissions: 'require_escalated', justification: 'write the report next to the repo' });
  const plain = (outside: string) => ({ cmd: `touch ${outside}` });

  test('require_escalated asks with the justification and runs outside once accepted', async () => {
    const { asks, created } = await run('on-request', escalated, 'accept');
    expect(asks).toHaveLength(1);
    expect(asks[0]?.params).toMatchObject({ itemId: 'call_out', reason: 'write the report next to the repo' });
    expect(created).toBe(true);
  });

  test('require_escalated declined runs nothing', async () => {
    const { asks, created } = await run('on-request', escalated, 'decline');
    expect(asks).toHaveLength(1);
    expect(created).toBe(false);
  });

  test('on-failure asks after the sandbox stopped the command, with the retry reason', async () => {
    const accepted = await run('on-failure', plain, 'accept');
    expect(accepted.asks.map((m) => (m.params as { reason: unknown }).reason)).toEqual([RETRY_OUTSIDE_SANDBOX_REASON]);
    expect(accepted.created).toBe(true);
    const declined = await run('on-failure', plain, 'decline');
    expect(declined.asks).toHaveLength(1);
    expect(declined.created).toBe(false);
  });
});
