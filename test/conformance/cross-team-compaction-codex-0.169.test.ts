// A window rebuilt after its agents were spawned, held to the real Codex 0.169: the root spawns an
// agent and waits for it, the thread is compacted (thread/compact/start), and the next turn's
// request carries the rebuilt context, whose `<environment_context>` lists the spawned agent. Every
// request of the root is the same in both engines (normalized as in cross-team-requests), and so are
// the root's world_state lines (the patch naming the agent, then the whole snapshot of the rebuilt
// window, which names it too). Runs only where the binary is installed (`scripts/install-codex.sh 0.169.0`).
import { cp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { collaborationCallReply, respondByAgent, startMockResponsesServer, textReply, type MockServer } from '../../src/testing/index.js';
import { CODEX_0169_DIR } from '../support/codex-0169.js';
import { ownPackTextsEvened, requestsByAgent, rolloutsByThread, sessionThreads, type ComparedLine } from '../support/team-requests.js';
import { codexAppServer, teamWorkspace, weftAppServer, type LineTransport, type Msg } from '../support/team-session.js';
import { removeTempDirs } from '../support/temp-tree.js';
import { findCodexBinary } from './codex-binary-driver.js';

const binary = findCodexBinary('0.169.0');
let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

/** The root spawns alpha and waits (alpha answers once the root waits), ends its turn; the summary; a last turn. */
function script() {
  const root = [collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'count to three', fork_turns: 'none' }, 'call_spawn'), collaborationCallReply('wait_agent', { timeout_ms: 60000 }, 'call_wait'), textReply('alpha counted'), textReply('A summary of the work so far.'), textReply('still here')];
  return respondByAgent({ '/root': root, '/root/alpha': [textReply('one two three')] }, () => textReply('nothing more'), [{ agent: '/root/alpha', request: 0, until: { agent: '/root', request: 1 } }]);
}

/** A turn, a compaction, a turn; resolves with every message received. */
async function drive(t: LineTransport, cwd: string): Promise<Msg[]> {
  const received: Msg[] = [];
  const waiters: (() => void)[] = [];
  let nextId = 1;
  t.onLine((line) => {
    const m = JSON.parse(line) as Msg;
    received.push(m);
    if (m.id !== undefined && m.id !== null && typeof m.method === 'string') t.send(JSON.stringify({ id: m.id, result: { decision: 'accept' } }));
    for (const w of waiters.splice(0)) w();
  });
  const until = async (found: () => boolean): Promise<void> => {
    while (!found()) await new Promise<void>((r) => waiters.push(r));
  };
  const request = async (method: string, params: unknown): Promise<Msg> => {
    const id = nextId++;
    t.send(JSON.stringify({ id, method, params }));
    await until(() => received.some((m) => m.id === id && m.method === undefined));
    return received.find((m) => m.id === id && m.method === undefined) as Msg;
  };
  await request('initialize', { clientInfo: { name: 'weft_team_probe', title: 'Weft Team Probe', version: '0.0.1' }, capabilities: { experimentalApi: true } });
  t.send('{"method":"initialized"}');
  const threadId = ((await request('thread/start', { cwd })).result as { thread: { id: string } }).thread.id;
  const ended = (): number => received.filter((m) => m.method === 'turn/completed' && (m.params as { threadId?: string }).threadId === threadId).length;
  for (const step of ['Count with a helper.', 'compact', 'Are you there?']) {
    const before = ended();
    if (step === 'compact') await request('thread/compact/start', { threadId });
    else await request('turn/start', { threadId, input: [{ type: 'text', text: step }] });
    await until(() => ended() > before);
  }
  return received;
}

async function rolloutFiles(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.jsonl')) out[entry.name] = await readFile(join(entry.parentPath, entry.name), 'utf8');
  }
  return out;
}

async function run(engine: 'codex' | 'weft', skillsFrom?: string): Promise<{ requests: unknown[]; worldStates: ComparedLine[]; codexHome: string }> {
  mock = await startMockResponsesServer({ respond: script() });
  const ws = await teamWorkspace(mock.url, engine === 'weft' ? 'codex-0.169' : undefined, engine === 'weft' ? join(CODEX_0169_DIR, 'pack') : undefined);
  if (skillsFrom !== undefined) await cp(join(skillsFrom, 'skills', '.system'), join(ws.codexHome, 'skills', '.system'), { recursive: true });
  const t = engine === 'codex' ? codexAppServer(binary as string, ws) : weftAppServer(ws);
  let closed = false;
  try {
    const received = await drive(t, ws.cwd);
    const threads = sessionThreads(received, ['/root/alpha']);
    const paths = { root: ws.root, cwd: ws.cwd, codexHome: ws.codexHome, home: ws.env.HOME ?? '' };
    const requests = requestsByAgent(mock.requests, ['/root'], threads, paths)['/root'] ?? [];
    await t.close();
    closed = true;
    const [root] = rolloutsByThread(await rolloutFiles(join(ws.codexHome, 'sessions')), threads, paths);
    return { requests, worldStates: (root ?? []).filter((l) => l.type === 'world_state'), codexHome: ws.codexHome };
  } finally {
    if (!closed) await t.close();
    await mock.close();
    mock = undefined;
  }
}

describe.skipIf(!binary)('a window rebuilt after a spawn: weft and the real Codex 0.169', () => {
  test('the compacted thread’s next request lists the spawned agent in its environment context, as Codex’s does', async () => {
    const codex = await run('codex');
    const weft = await run('weft', codex.codexHome);
    expect(weft.requests.length).toBe(codex.requests.length);
    const last = JSON.stringify(weft.requests.at(-1));
    expect(last).toContain('<subagents>\\n    <agent name=\\"/root/alpha\\" />\\n  </subagents>\\n</environment_context>');
    codex.requests.forEach((request, i) => {
      const evened = ownPackTextsEvened(request, weft.requests[i]);
      expect(evened.weft, `request ${i}`).toEqual(evened.codex);
    });
    expect(weft.worldStates).toEqual(codex.worldStates);
  }, 180_000);
});
