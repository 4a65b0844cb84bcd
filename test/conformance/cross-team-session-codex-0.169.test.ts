// The issue-37 session over the app-server, run by the real Codex 0.169 and by weft on one scripted
// loopback mock (a goal created, a question answered, two agents spawned and waited for, the goal
// completed; a message, a follow-up task and an interrupt between agents; a goal set over
// thread/goal/set on an idle thread, worked on turn after turn): everything the client received is
// the same, whole — the answers to its requests (initialize, thread/start, turn/start,
// thread/goal/set), every notification's params and every request the server made of it (the
// question), per thread in order, after normalizing ids, times and paths (test/support/team-notices.ts),
// with Codex's own races evened out narrowly (`codexRacesEvened`).
// Runs only where the binary is installed (`scripts/install-codex.sh 0.169.0`).
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startMockResponsesServer, type CapturedRequest, type MockReply, type MockServer } from '../../src/testing/index.js';
import { CODEX_0169_DIR } from '../support/codex-0169.js';
import { codexRacesEvened, goalUsageRaceEvened, noticesByThread } from '../support/team-notices.js';
import { sessionThreads } from '../support/team-requests.js';
import { codexAppServer, contactSessionScript, driveContactSession, driveGoalSession, driveTeamSession, goalSessionScript, teamSessionScript, teamWorkspace, weftAppServer, type LineTransport, type Msg } from '../support/team-session.js';
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

interface Session {
  seen: Record<string, unknown[]>;
  codexHome: string;
}

/**
 * One engine's session. weft runs with Codex's recorded 0.169 pack and the system skills Codex wrote
 * into its home (`skillsFrom`), so that texts the client is shown (a collaboration mode's
 * instructions) are Codex's in both.
 */
async function run(engine: 'codex' | 'weft', script: () => (req: CapturedRequest) => Promise<MockReply>, drive: Drive, children: readonly string[], skillsFrom?: string): Promise<Session> {
  mock = await startMockResponsesServer({ respond: script() });
  const ws = await teamWorkspace(mock.url, engine === 'weft' ? 'codex-0.169' : undefined, engine === 'weft' ? join(CODEX_0169_DIR, 'pack') : undefined);
  if (skillsFrom !== undefined) await cp(join(skillsFrom, 'skills', '.system'), join(ws.codexHome, 'skills', '.system'), { recursive: true });
  const t = engine === 'codex' ? codexAppServer(binary as string, ws) : weftAppServer(ws);
  try {
    const received = await drive(t, ws.cwd);
    const seen = noticesByThread(received, sessionThreads(received, children), { root: ws.root, cwd: ws.cwd, codexHome: ws.codexHome, home: ws.env.HOME ?? '' });
    for (const k of Object.keys(seen)) seen[k] = codexRacesEvened(seen[k] ?? []);
    return { seen, codexHome: ws.codexHome };
  } finally {
    await t.close();
    await mock.close();
    mock = undefined;
  }
}

function expectSameSession(weft: Session, codex: Session): void {
  expect(Object.keys(weft.seen)).toEqual(Object.keys(codex.seen));
  for (const [group, list] of Object.entries(codex.seen)) expect(weft.seen[group], group).toEqual(goalUsageRaceEvened(list, weft.seen[group] ?? []));
}

describe.skipIf(!binary)('the issue-37 session over the app-server: weft and the real Codex 0.169', () => {
  test('a team session shows the client the same messages, whole, for every thread', async () => {
    const children = ['/root/alpha', '/root/beta'];
    const codex = await run('codex', teamSessionScript, driveTeamSession, children);
    const weft = await run('weft', teamSessionScript, driveTeamSession, children, codex.codexHome);
    expect(codex.seen['/root']).toContainEqual(expect.objectContaining({ method: 'item/tool/requestUserInput' }));
    expectSameSession(weft, codex);
  }, 180_000);

  test('a message, a follow-up task and an interrupt show the client the same messages, whole', async () => {
    const codex = await run('codex', contactSessionScript, driveContactSession, ['/root/alpha']);
    const weft = await run('weft', contactSessionScript, driveContactSession, ['/root/alpha'], codex.codexHome);
    const kinds = (s: Session): unknown[] => (s.seen['/root'] ?? []).map((m) => (m as { params?: { item?: { kind?: string } } }).params?.item?.kind).filter(Boolean);
    expect(kinds(codex)).toContain('interrupted');
    expectSameSession(weft, codex);
  }, 180_000);

  test('a goal set on an idle thread shows the client the same messages, whole, until it is complete', async () => {
    const codex = await run('codex', goalSessionScript, driveGoalSession, []);
    const weft = await run('weft', goalSessionScript, driveGoalSession, [], codex.codexHome);
    expectSameSession(weft, codex);
  }, 180_000);
});
