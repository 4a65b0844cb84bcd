// The issue-37 session over the app-server, run by the real Codex 0.169 and by weft on one scripted
// loopback mock (a goal created, a question answered, two agents spawned and waited for, the goal
// completed; and a goal set over thread/goal/set on an idle thread, worked on turn after turn): each thread's
// notifications — the root's, each agent's (by its path), the root's sub-agent completions — are
// the same in both (thread/settings/updated when the turn changes the collaboration mode included);
// and a message, a follow-up task and an interrupt between agents are the same sub-agent activity.
// Left out: notices without a thread. Runs only where the binary is installed (`scripts/install-codex.sh 0.169.0`).
import { afterEach, describe, expect, test } from 'vitest';
import { startMockResponsesServer, type CapturedRequest, type MockReply, type MockServer } from '../../src/testing/index.js';
import { codexAppServer, contactSessionScript, driveGoalSession, driveTeamSession, goalSessionScript, sessionByThread, teamSessionScript, teamWorkspace, weftAppServer, type LineTransport, type Msg } from '../support/team-session.js';
import { removeTempDirs } from '../support/temp-tree.js';
import { findCodexBinary } from './codex-binary-driver.js';

const binary = findCodexBinary('0.169.0');
let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

type Drive = (t: LineTransport, cwd: string) => Promise<Msg[]>;

/**
 * A goal notice followed at once by another goal notice says nothing the second does not replace: a
 * client keeps the last. Codex 0.169 sometimes sends an extra `active` notice as its last goal turn
 * starts, just before `complete` (a race of its own accounting), so such a pair counts as the second.
 */
function supersededGoalNoticesDropped(list: readonly string[]): string[] {
  return list.filter((m, i) => !(m.startsWith('thread/goal/updated') && list[i + 1]?.startsWith('thread/goal/updated') === true));
}

async function run(engine: 'codex' | 'weft', script: () => (req: CapturedRequest) => Promise<MockReply>, drive: Drive): Promise<Record<string, string[]>> {
  mock = await startMockResponsesServer({ respond: script() });
  const ws = await teamWorkspace(mock.url, engine === 'weft' ? 'codex-0.169' : undefined);
  const t = engine === 'codex' ? codexAppServer(binary as string, ws) : weftAppServer(ws);
  try {
    const seen = sessionByThread(await drive(t, ws.cwd));
    for (const k of Object.keys(seen)) seen[k] = supersededGoalNoticesDropped(seen[k] ?? []);
    return seen;
  } finally {
    await t.close();
    await mock.close();
    mock = undefined;
  }
}

describe.skipIf(!binary)('the issue-37 session over the app-server: weft and the real Codex 0.169', () => {
  test('a team session shows every thread the same notifications', async () => {
    const codex = await run('codex', teamSessionScript, driveTeamSession);
    const weft = await run('weft', teamSessionScript, driveTeamSession);
    expect(Object.keys(weft).sort()).toEqual(Object.keys(codex).sort());
    for (const path of ['/root/alpha', '/root/beta']) expect(weft[path], path).toEqual(codex[path]);
    expect(weft['/root completions']).toEqual(codex['/root completions']);
    // The root's own notices; a wait may begin before or after a child's usage is counted, so the
    // waits are compared as a sequence of their own.
    const waits = (l: string[] | undefined) => (l ?? []).filter((m) => m.includes(':wait'));
    const rest = (l: string[] | undefined) => (l ?? []).filter((m) => !m.includes(':wait'));
    expect(rest(weft['/root'])).toEqual(rest(codex['/root']));
    expect(waits(weft['/root'])).toEqual(waits(codex['/root']));
  }, 180_000);

  test('a message, a follow-up task and an interrupt are the same sub-agent activity on the root', async () => {
    const activity = (seen: Record<string, string[]>): string[] => (seen['/root'] ?? []).filter((m) => m.includes('subAgentActivity'));
    const codex = await run('codex', contactSessionScript, driveTeamSession);
    const weft = await run('weft', contactSessionScript, driveTeamSession);
    expect(activity(codex)).toContain('item/completed subAgentActivity:interrupted /root/alpha');
    expect(activity(weft)).toEqual(activity(codex));
  }, 180_000);

  test('a goal set on an idle thread starts its turns and is continued until it is complete', async () => {
    const codex = await run('codex', goalSessionScript, driveGoalSession);
    const weft = await run('weft', goalSessionScript, driveGoalSession);
    expect(weft).toEqual(codex);
  }, 180_000);
});
