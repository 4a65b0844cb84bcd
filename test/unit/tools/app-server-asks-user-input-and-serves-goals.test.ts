// Under the 0.169 app-server (compat codex-0.169, gpt-5.5): request_user_input in a Plan-mode turn is
// asked of the client as item/tool/requestUserInput and the client's answers go back to the model as
// Codex sends them; a declined question is no answer. thread/goal/set|get|clear serve the same goal
// the model's tools see, and every change is notified (thread/goal/updated, thread/goal/cleared).
// The request's params are Codex's whole (autoResolutionMs included).
import { afterEach, expect, it } from 'vitest';
import { functionCallReply, startMockResponsesServer, textReply, type MockReply } from '../../../scripts/mock-responses-server.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { codexHomeWorkspace, mockProviderTable } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { weftToolTexts } from '../../support/tool-texts.js';

afterEach(removeTempDirs);

const question = { id: 'color', header: 'Color', question: 'Which color?', options: [{ label: 'Red', description: 'Warm.' }, { label: 'Blue', description: 'Cool.' }] };
const plan = { mode: 'plan', settings: { model: 'gpt-5.5', reasoning_effort: 'medium', developer_instructions: null } };

async function session(script: MockReply[], answer: (req: Msg) => { result: unknown } | { error: { code: number; message: string } }) {
  let n = 0;
  const mock = await startMockResponsesServer({ respond: () => script[n++] ?? textReply('extra') });
  const ws = await codexHomeWorkspace(`compat = "codex-0.169"\nmodel = "gpt-5.5"\nmodel_provider = "mock"\n\n${mockProviderTable(mock.url)}request_max_retries = 0\nstream_max_retries = 0\n`);
  const client = new InProcessClient({ env: ws.env, cwd: ws.cwd }, answer);
  await client.initialize();
  const started = await client.request('thread/start', { cwd: ws.cwd });
  const threadId = (started.result as { thread: { id: string } }).thread.id;
  return { mock, client, threadId };
}

async function runTurn(client: InProcessClient, threadId: string, params: Record<string, unknown> = {}): Promise<void> {
  const from = client.received.length;
  await client.request('turn/start', { threadId, input: [{ type: 'text', text: 'go' }], ...params });
  await client.until((m) => m.method === 'turn/completed', from);
}

function outputIn(body: unknown, callId: string): unknown {
  return (body as { input: Record<string, unknown>[] }).input.find((i) => i.type === 'function_call_output' && i.call_id === callId)?.output;
}

it('asks the client in Plan mode and hands its answers to the model as Codex does', async () => {
  const { mock, client, threadId } = await session(
    [functionCallReply('request_user_input', { questions: [question] }, 'q1'), textReply('thanks')],
    (req) => (req.method === 'item/tool/requestUserInput' ? { result: { answers: { color: { answers: ['Blue'] } } } } : { result: { decision: 'accept' } }),
  );
  try {
    await runTurn(client, threadId, { collaborationMode: plan });
    const asked = client.received.find((m) => m.method === 'item/tool/requestUserInput');
    // Codex 0.169's params, whole: the deprecated autoResolutionMs still sent, as null.
    expect(asked?.params).toEqual({
      threadId,
      turnId: expect.any(String),
      itemId: 'q1',
      questions: [{ id: 'color', header: 'Color', question: 'Which color?', isOther: true, isSecret: false, options: question.options }],
      isBlocking: true,
      autoResolutionMs: null,
    });
    expect(outputIn(mock.requests[1]?.body, 'q1')).toBe('{"answers":{"color":{"answers":["Blue"]}}}');
  } finally {
    await client.close();
    await mock.close();
  }
});

it('a declined question is no answer; outside Plan mode nothing is asked', async () => {
  const { mock, client, threadId } = await session(
    [functionCallReply('request_user_input', { questions: [question] }, 'q1'), textReply('ok'), functionCallReply('request_user_input', { questions: [question] }, 'q2'), textReply('ok')],
    () => ({ error: { code: -32000, message: 'declined' } }),
  );
  try {
    await runTurn(client, threadId, { collaborationMode: plan });
    expect(outputIn(mock.requests[1]?.body, 'q1')).toBe(weftToolTexts.userInput.declined());
    const askedBefore = client.received.filter((m) => m.method === 'item/tool/requestUserInput').length;
    await runTurn(client, threadId, { collaborationMode: { ...plan, mode: 'default' } });
    expect(outputIn(mock.requests[3]?.body, 'q2')).toBe(weftToolTexts.userInput.wrongMode('Default'));
    expect(client.received.filter((m) => m.method === 'item/tool/requestUserInput').length).toBe(askedBefore);
  } finally {
    await client.close();
    await mock.close();
  }
});

it('thread/goal/set, get and clear serve the goal the model sees, and notify each change', async () => {
  const { mock, client, threadId } = await session([functionCallReply('get_goal', {}, 'g1'), textReply('ok')], () => ({ result: {} }));
  try {
    const set = await client.request('thread/goal/set', { threadId, objective: 'Ship it', tokenBudget: 1000 });
    expect((set.result as { goal: Record<string, unknown> }).goal).toMatchObject({ threadId, objective: 'Ship it', status: 'active', tokenBudget: 1000, tokensUsed: 0 });
    expect(client.received.find((m) => m.method === 'thread/goal/updated')?.params).toMatchObject({ threadId, goal: { objective: 'Ship it' } });
    await runTurn(client, threadId);
    expect(JSON.parse(String(outputIn(mock.requests[1]?.body, 'g1')))).toMatchObject({ goal: { objective: 'Ship it', status: 'active' }, remainingTokens: 1000 });
    const paused = await client.request('thread/goal/set', { threadId, status: 'paused' });
    expect((paused.result as { goal: { status: string } }).goal.status).toBe('paused');
    expect(((await client.request('thread/goal/get', { threadId })).result as { goal: { status: string } }).goal.status).toBe('paused');
    expect((await client.request('thread/goal/clear', { threadId })).result).toEqual({ cleared: true });
    expect(client.received.some((m) => m.method === 'thread/goal/cleared')).toBe(true);
    expect((await client.request('thread/goal/get', { threadId })).result).toEqual({ goal: null });
    expect((await client.request('thread/goal/clear', { threadId })).result).toEqual({ cleared: false });
  } finally {
    await client.close();
    await mock.close();
  }
});
