// How a turn's responses count against a goal, as the real Codex 0.169 counts them (probed with the
// binary over the app-server on the same scripts: create_goal, get_goal twice, update_goal complete,
// each response 240 goal tokens): in Default mode a tool reads the goal as it stood before the
// response that called it (0, then 240, and 480 as it completes), each count is notified after the
// usage of the response before it; in Plan mode nothing is counted. An agent's responses count
// against its team root's goal (the exec cross test pins the total: cross-team-exec-json-codex-0.169).
import { afterEach, expect, it } from 'vitest';
import { functionCallReply, respondByAgent, startMockResponsesServer, textReply, type MockServer } from '../../../src/testing/index.js';
import { teamWorkspace, weftAppServer, type Msg } from '../../support/team-session.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

async function session(mode: 'plan' | 'default'): Promise<{ outputs: string[]; notices: string[] }> {
  const root = [
    functionCallReply('create_goal', { objective: 'Count' }, 'c0'),
    functionCallReply('get_goal', {}, 'c1'),
    functionCallReply('get_goal', {}, 'c2'),
    functionCallReply('update_goal', { status: 'complete' }, 'c3'),
    textReply('done'),
  ];
  mock = await startMockResponsesServer({ respond: respondByAgent({ '/root': root }, () => textReply('extra')) });
  const ws = await teamWorkspace(mock.url, 'codex-0.169');
  const t = weftAppServer(ws);
  const received: Msg[] = [];
  const waiters: (() => void)[] = [];
  t.onLine((l) => {
    received.push(JSON.parse(l) as Msg);
    for (const w of waiters.splice(0)) w();
  });
  const until = async (found: (m: Msg) => boolean): Promise<Msg> => {
    for (;;) {
      const hit = received.find(found);
      if (hit) return hit;
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  try {
    t.send(JSON.stringify({ id: 1, method: 'initialize', params: { clientInfo: { name: 'probe', version: '0.0.1' }, capabilities: { experimentalApi: true } } }));
    await until((m) => m.id === 1);
    t.send('{"method":"initialized"}');
    t.send(JSON.stringify({ id: 2, method: 'thread/start', params: { cwd: ws.cwd } }));
    const threadId = ((await until((m) => m.id === 2)).result as { thread: { id: string } }).thread.id;
    const collaborationMode = { mode, settings: { model: 'gpt-5.6-sol', reasoning_effort: 'medium', developer_instructions: null } };
    t.send(JSON.stringify({ id: 3, method: 'turn/start', params: { threadId, input: [{ type: 'text', text: 'go' }], collaborationMode } }));
    await until((m) => m.method === 'turn/completed');
  } finally {
    await t.close();
  }
  const used = (text: string): string => /"tokensUsed":(\d+)/.exec(text)?.[1] ?? '-';
  const outputs = mock.requests.slice(2, 5).map((r) => {
    const out = (r.body as { input: { type: string; output?: string }[] }).input.filter((i) => i.type === 'function_call_output').at(-1)?.output ?? '';
    return used(out);
  });
  const notices = received.flatMap((m) => {
    const p = m.params as { goal?: { tokensUsed: number; status: string }; tokenUsage?: { total: { totalTokens: number } } } | undefined;
    if (m.method === 'thread/goal/updated') return [`goal ${p?.goal?.status} ${p?.goal?.tokensUsed}`];
    if (m.method === 'thread/tokenUsage/updated') return [`usage ${p?.tokenUsage?.total.totalTokens}`];
    return [];
  });
  return { outputs, notices };
}

it('in Default mode a response counts once its calls ran, written after the next response’s calls (codex-0.169)', async () => {
  const { outputs, notices } = await session('default');
  expect(outputs).toEqual(['0', '240', '480']);
  expect(notices).toEqual(['goal active 0', 'usage 1240', 'goal active 240', 'usage 2480', 'goal active 480', 'usage 3720', 'goal complete 480', 'usage 4960', 'usage 6200']);
}, 60_000);

it('in Plan mode nothing is counted against the goal (codex-0.169)', async () => {
  const { outputs, notices } = await session('plan');
  expect(outputs).toEqual(['0', '0', '0']);
  expect(notices.filter((n) => n.startsWith('goal'))).toEqual(['goal active 0', 'goal complete 0']);
}, 60_000);
