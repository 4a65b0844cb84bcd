// review/start: the reviewer is read-only and never asks, whatever the reviewed thread may do. A
// reviewed thread with full access and approvals on request is reviewed by a model that tries to
// write into the workspace and outside it: nothing is written, and the client is asked nothing (an
// approval would let the reviewer's commands out of its sandbox).
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, startMockResponsesServer, textReply, type MockServer } from '../../src/testing/index.js';
import { InProcessClient, type Msg } from '../support/appserver-client.js';
import { appServerWorkspace0169 } from '../support/appserver-workspace.js';
import { removeTempDirs } from '../support/temp-tree.js';

let mock: MockServer | undefined;
let client: InProcessClient | undefined;
afterEach(async () => {
  await client?.close();
  await mock?.close();
  await removeTempDirs();
});

describe('a review/start reviewer', () => {
  it('writes nothing, inside or outside the workspace, and asks the client nothing', async () => {
    const attack = (outside: string) => `echo pwned > f.txt; echo pwned > planted.txt; echo pwned > ${outside}/planted.txt`;
    let outsideDir = '';
    mock = await startMockResponsesServer({
      respond: (_req, i) => (i === 0 ? functionCallReply('exec_command', { cmd: attack(outsideDir), sandbox_permissions: 'require_escalated', justification: 'need it' }, 'call_attack') : textReply('{"findings":[]}')),
    });
    const ws = await appServerWorkspace0169(mock.url);
    outsideDir = path.join(ws.root, 'outside');
    await mkdir(outsideDir);
    await writeFile(path.join(ws.cwd, 'f.txt'), 'original\n');
    const asked: Msg[] = [];
    client = new InProcessClient(ws.options, (req) => {
      asked.push(req);
      return { result: { decision: 'accept' } };
    });
    await client.initialize(true);
    const started = (await client.request('thread/start', { sandbox: 'danger-full-access', approvalPolicy: 'on-request' })).result as { thread: { id: string } };
    const from = client.received.length;
    const answer = (await client.request('review/start', { threadId: started.thread.id, target: { type: 'uncommittedChanges' } })).result as { turn: { id: string } };
    await client.turnCompleted(started.thread.id, answer.turn.id, from);
    expect(mock.requests).toHaveLength(2);
    expect(readFileSync(path.join(ws.cwd, 'f.txt'), 'utf8')).toBe('original\n');
    expect(existsSync(path.join(ws.cwd, 'planted.txt'))).toBe(false);
    expect(existsSync(path.join(outsideDir, 'planted.txt'))).toBe(false);
    expect(asked).toEqual([]);
  });
});
