// The issue-37 "done when" session, shared by the recorder (scripts/record-team-session.ts) and the
// tests: one mock script per agent (a goal created, a question asked, two agents spawned and waited
// for, the goal completed) and a client that drives any app-server over JSON-RPC lines, answers
// its requests (the question with the first option) and keeps every message it received.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { AppServer } from '../../src/app-server/app-server.js';
import { collaborationCallReply, functionCallReply, respondByAgent, textReply, type CapturedRequest, type MockReply, type ReplyHold } from '../../src/testing/index.js';
import { codexHomeWorkspace, mockProviderTable } from './appserver-workspace.js';

export interface LineTransport {
  send(line: string): void;
  onLine(listener: (line: string) => void): void;
  close(): Promise<void>;
}

export type Msg = Record<string, unknown> & { id?: unknown; method?: string; params?: unknown; result?: unknown; error?: unknown };

export const TEAM_QUESTION = { id: 'size', header: 'Size', question: 'How far should they count?', options: [{ label: 'Three', description: 'Count to three.' }, { label: 'Five', description: 'Count to five.' }] };

/**
 * The order both engines are held to, so that their requests can be compared one by one: alpha
 * answers only once the root has asked what follows both spawns (the root's request 4, whose
 * answer is the first wait), so alpha ends while the root waits; beta answers only once the root
 * has come back from that wait (its request 5, answered with the second wait).
 */
export const TEAM_HOLDS: readonly ReplyHold[] = [
  { agent: '/root/alpha', request: 0, until: { agent: '/root', request: 4 } },
  { agent: '/root/beta', request: 0, until: { agent: '/root', request: 5 } },
];

/** The mock's answers: the root's script, each child's one reply. */
export function teamSessionScript(): (req: CapturedRequest) => Promise<MockReply> {
  const root: MockReply[] = [
    functionCallReply('create_goal', { objective: 'Count with two helpers' }, 'call_goal'),
    functionCallReply('request_user_input', { questions: [TEAM_QUESTION] }, 'call_ask'),
    collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'count to three', fork_turns: 'none' }, 'call_spawn_a'),
    collaborationCallReply('spawn_agent', { task_name: 'beta', message: 'count to five', fork_turns: 'none' }, 'call_spawn_b'),
    collaborationCallReply('wait_agent', { timeout_ms: 60000 }, 'call_wait_1'),
    collaborationCallReply('wait_agent', { timeout_ms: 60000 }, 'call_wait_2'),
    functionCallReply('update_goal', { status: 'complete' }, 'call_done'),
    textReply('Both helpers counted.'),
  ];
  return respondByAgent({ '/root': root, '/root/alpha': [textReply('one two three')], '/root/beta': [textReply('one two three four five')] }, () => textReply('nothing more'), TEAM_HOLDS);
}

/**
 * Messages and an interrupt between agents: the root spawns alpha, then (once alpha's first request
 * has arrived, so that alpha is sampling: CONTACT_HOLDS) sends it a message, gives it a follow-up
 * task and interrupts it, then answers. alpha's answers are held until the client is gone: the
 * interrupt ends its first turn, and the follow-up task it had not taken in starts its second.
 */
export const CONTACT_HOLDS: readonly ReplyHold[] = [{ agent: '/root', request: 1, until: { agent: '/root/alpha', request: 0 } }];

export function contactSessionScript(): (req: CapturedRequest) => Promise<MockReply> {
  const never = new Promise<void>(() => undefined);
  const root: MockReply[] = [
    collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'count to three', fork_turns: 'none' }, 'call_spawn_a'),
    collaborationCallReply('send_message', { target: 'alpha', message: 'count slowly' }, 'call_send'),
    collaborationCallReply('followup_task', { target: 'alpha', message: 'then count to five' }, 'call_follow'),
    collaborationCallReply('interrupt_agent', { target: 'alpha' }, 'call_int'),
    textReply('done'),
  ];
  // The first answer stops after response.created; the second after its message's first delta,
  // which the client sees (item/agentMessage/delta) and waits for.
  const alpha = (_req: CapturedRequest, n: number): MockReply => ({ ...textReply(n === 0 ? 'one' : 'later'), pause: { after: n === 0 ? 1 : 5, until: never } });
  return respondByAgent({ '/root': root, '/root/alpha': alpha }, () => textReply('nothing more'), CONTACT_HOLDS);
}

/** The goal session's mock: two plain answers, then update_goal complete, then a last answer. */
export function goalSessionScript(): (req: CapturedRequest) => Promise<MockReply> {
  const root: MockReply[] = [textReply('one'), textReply('two'), functionCallReply('update_goal', { status: 'complete' }, 'call_done'), textReply('three: done')];
  return respondByAgent({ '/root': root }, () => textReply('nothing more'));
}

/**
 * The goal session: a goal set over thread/goal/set on an idle thread, which starts its turns by
 * itself; resolves once the goal is complete and the turn that completed it has ended.
 */
export async function driveGoalSession(t: LineTransport, cwd: string): Promise<Msg[]> {
  const { received, request, until } = client(t);
  await handshake(request, t);
  const started = await request('thread/start', { cwd });
  const threadId = (started.result as { thread: { id: string } }).thread.id;
  const from = received.length;
  await request('thread/goal/set', { threadId, objective: 'Count to three' });
  const done = await until((m) => m.method === 'thread/goal/updated' && (m.params as { goal: { status: string } }).goal.status === 'complete', from);
  await until((m) => m.method === 'turn/completed', received.indexOf(done));
  return received;
}

function client(t: LineTransport) {
  const received: Msg[] = [];
  const waiters: (() => void)[] = [];
  let nextId = 1;
  t.onLine((line) => {
    const msg = JSON.parse(line) as Msg;
    received.push(msg);
    if (msg.id !== undefined && msg.id !== null && typeof msg.method === 'string') {
      const result = msg.method === 'item/tool/requestUserInput' ? { answers: { [TEAM_QUESTION.id]: { answers: [TEAM_QUESTION.options[0]?.label] } } } : { decision: 'accept' };
      t.send(JSON.stringify({ id: msg.id, result }));
    }
    for (const w of waiters.splice(0)) w();
  });
  const until = async (found: (m: Msg) => boolean, from = 0): Promise<Msg> => {
    for (;;) {
      const hit = received.slice(from).find(found);
      if (hit) return hit;
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  const request = async (method: string, params: unknown): Promise<Msg> => {
    const id = nextId++;
    const from = received.length;
    t.send(JSON.stringify({ id, method, params }));
    const answer = await until((m) => m.id === id && m.method === undefined, from);
    if (answer.error !== undefined) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer;
  };
  return { received, request, until };
}

async function handshake(request: (method: string, params: unknown) => Promise<Msg>, t: LineTransport): Promise<void> {
  await request('initialize', { clientInfo: { name: 'weft_team_probe', title: 'Weft Team Probe', version: '0.0.1' }, capabilities: { experimentalApi: true } });
  t.send('{"method":"initialized"}');
}

/** Drives the session; resolves with every message the client received, in order, once the turn has completed (and `alsoUntil` holds). */
export async function driveTeamSession(t: LineTransport, cwd: string, alsoUntil?: (received: readonly Msg[]) => boolean): Promise<Msg[]> {
  const { received, request, until } = client(t);
  await handshake(request, t);
  const started = await request('thread/start', { cwd });
  const threadId = (started.result as { thread: { id: string } }).thread.id;
  const from = received.length;
  const turn = await request('turn/start', {
    threadId,
    input: [{ type: 'text', text: 'Count with two helpers.' }],
    collaborationMode: { mode: 'plan', settings: { model: 'gpt-5.6-sol', reasoning_effort: 'medium', developer_instructions: null } },
  });
  const turnId = (turn.result as { turn: { id: string } }).turn.id;
  await until((m) => m.method === 'turn/completed' && (m.params as { turn?: { id?: string } }).turn?.id === turnId, from);
  if (alsoUntil !== undefined) await until(() => alsoUntil(received));
  return received;
}

/**
 * The contact session (contactSessionScript): the team session's turn, and then alpha's second
 * turn, which its follow-up task starts once the interrupt has ended its first; resolves once that
 * turn's answer has begun (its message's first delta: the engine has read the response's headers
 * and first events; the rest is held until the client is gone).
 */
export async function driveContactSession(t: LineTransport, cwd: string): Promise<Msg[]> {
  return driveTeamSession(t, cwd, (seen) => {
    const root = (seen.find((m) => m.method === 'thread/started')?.params as { thread?: { id?: string } } | undefined)?.thread?.id;
    const childs = (m: Msg): boolean => (m.params as { threadId?: string } | undefined)?.threadId !== root;
    const turns = seen.filter((m) => m.method === 'turn/started' && childs(m));
    const second = turns[1];
    if (second === undefined) return false;
    return seen.slice(seen.indexOf(second)).some((m) => m.method === 'item/agentMessage/delta' && childs(m));
  });
}

/**
 * The session's workspace: the default model of the issue, the mock as provider (`compat` for weft
 * only; `pack`, for weft only, a template pack to load instead of weft's own).
 */
export function teamWorkspace(mockUrl: string, compat: string | undefined, pack?: string): ReturnType<typeof codexHomeWorkspace> {
  const line = (compat === undefined ? '' : `compat = "${compat}"\n`) + (pack === undefined ? '' : `pack = ${JSON.stringify(pack)}\n`);
  return codexHomeWorkspace(`${line}model = "gpt-5.6-sol"\nmodel_provider = "mock"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n${mockProviderTable(mockUrl)}request_max_retries = 0\nstream_max_retries = 0\n`);
}

/** The real Codex's app-server on stdio. */
export function codexAppServer(binary: string, ws: { cwd: string; env: Record<string, string> }): LineTransport {
  const child = spawn(binary, ['app-server'], { cwd: ws.cwd, env: { ...ws.env, RUST_LOG: 'error' }, stdio: ['pipe', 'pipe', 'ignore'] });
  const listeners: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (l) => listeners.forEach((f) => f(l)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    send: (l) => void child.stdin.write(`${l}\n`),
    onLine: (f) => void listeners.push(f),
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** weft's app-server, in-process. */
export function weftAppServer(ws: { cwd: string; env: Record<string, string> }): LineTransport {
  const listeners: ((line: string) => void)[] = [];
  const server = new AppServer({ env: ws.env, cwd: ws.cwd, write: (l) => listeners.forEach((f) => f(l)) });
  return { send: (l) => server.receive(`${l}\n`), onLine: (f) => void listeners.push(f), close: () => server.close() };
}
