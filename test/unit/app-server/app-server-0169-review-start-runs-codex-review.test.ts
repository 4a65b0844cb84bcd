// review/start of the 0.169 app-server beside the real Codex 0.169 on one scripted mock: the same
// answer (the review turn with the review's name as its user message, the thread as the review
// thread), the same notifications in the same order (entering review mode, the reviewer's turn
// started under the reviewed turn, the reviewer's prompt, leaving review mode with the rendered
// review, the review as the turn's message), the same tools offered to the reviewer (no goals, no
// web search, no agents), a read-only reviewer, and the same rollout items in the reviewed thread.
// Without the binary, the weft half still pins what weft sends and records.
import { execFileSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveReview, reviewHandback, reviewTexts, renderReview } from '../../../src/engine/review-request.js';
import { WEFT_PACK_DIR } from '../../../src/pack/default-pack-dir.js';
import { startMockResponsesServer, textReply, type CapturedRequest, type MockServer } from '../../../src/testing/index.js';
import { findCodexBinary } from '../../conformance/codex-binary-driver.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { CodexAppServer } from '../../support/codex-app-server-stdio.js';
import { appServerWorkspace0169, type AppServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

const CODEX_0169 = findCodexBinary('0.169.0');

const FINDINGS = {
  findings: [{ title: '[P1] Guard the empty case', body: 'Why it matters.', confidence_score: 0.8, priority: 1, code_location: { absolute_file_path: '/repo/f.txt', line_range: { start: 2, end: 3 } } }],
  overall_correctness: 'patch is incorrect',
  overall_explanation: 'One real bug.',
  overall_confidence_score: 0.7,
};

interface Client {
  readonly received: Msg[];
  request(method: string, params?: unknown): Promise<Msg>;
  until(found: (m: Msg) => boolean, from?: number): Promise<Msg>;
}

interface Run {
  readonly client: Client;
  readonly ws: AppServerWorkspace;
  readonly mock: MockServer;
}

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
  await removeTempDirs();
});

async function workspace(answer: string): Promise<{ ws: AppServerWorkspace; mock: MockServer }> {
  const mock = await startMockResponsesServer({ respond: () => textReply(answer) });
  open.push(mock);
  const ws = await appServerWorkspace0169(mock.url);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: ws.cwd, stdio: 'ignore' });
  await writeFile(path.join(ws.cwd, 'f.txt'), 'a\n');
  git('init', '-q');
  git('add', 'f.txt');
  git('commit', '-qm', 'init');
  await writeFile(path.join(ws.cwd, 'f.txt'), 'a\nb\n');
  return { ws, mock };
}

async function weftRun(answer: string): Promise<Run> {
  const { ws, mock } = await workspace(answer);
  const client = new InProcessClient(ws.options);
  open.push(client);
  await client.initialize(true);
  return { client, ws, mock };
}

async function codexRun(answer: string): Promise<Run> {
  const { ws, mock } = await workspace(answer);
  const client = new CodexAppServer(CODEX_0169 as string, ws.cwd, ws.options.env ?? {}, { acceptServerRequests: true });
  open.push(client);
  await client.initialize();
  return { client, ws, mock };
}

/** Starts a thread and reviews it; resolves with the answer and the messages up to turn/completed. */
async function review(run: Run, target: Record<string, unknown>) {
  const started = (await run.client.request('thread/start', {})).result as { thread: { id: string; path: string } };
  const threadId = started.thread.id;
  const from = run.client.received.length;
  const answer = await run.client.request('review/start', { threadId, target });
  const result = answer.result as { turn: { id: string; items: Array<Record<string, unknown>>; rootTurnId: unknown; status: string }; reviewThreadId: string };
  const done = await run.client.until((m) => m.method === 'turn/completed' && (m.params as { turn: { id: string } }).turn.id === result.turn.id, from);
  const messages = run.client.received.slice(from, run.client.received.indexOf(done) + 1);
  return { threadId, rollout: started.thread.path, result, messages, done };
}

const IGNORED = new Set(['warning', 'mcpServer/startupStatus/updated', 'account/rateLimits/updated', 'thread/tokenUsage/updated']);

/** The notifications as a list of what they say, ids in common form. */
function shape(messages: readonly Msg[], threadId: string, turnId: string): string[] {
  return messages
    .filter((m) => typeof m.method === 'string' && !IGNORED.has(m.method))
    // The reviewed thread's own announcement (thread/start's business, not the review's).
    .filter((m) => !(m.method === 'thread/started' && (m.params as { thread: { id: string } }).thread.id === threadId))
    .map((m) => {
      const p = m.params as { threadId?: string; turnId?: string; item?: { type: string; review?: string; text?: string; content?: Array<{ text: string }> }; turn?: { id: string; rootTurnId?: string; status: string }; status?: { type: string } };
      const turn = (id: string | undefined) => (id === turnId ? 'T' : id === undefined ? '-' : 'other');
      const on = `${p.threadId === threadId ? 'thread' : 'other'} ${turn(p.turnId ?? p.turn?.id)}`;
      const item = p.item ? ` ${p.item.type}${p.item.review !== undefined ? `=${JSON.stringify(p.item.review)}` : ''}${p.item.type === 'agentMessage' ? `=${JSON.stringify(p.item.text)}` : ''}` : '';
      const extra = p.turn ? ` root=${turn(p.turn.rootTurnId)} ${p.turn.status}` : p.status ? ` ${p.status.type}` : '';
      return `${m.method} ${on}${item}${extra}`;
    });
}

const toolNames = (r: CapturedRequest) => ((r.body as { tools: Array<{ name?: string; type: string }> }).tools ?? []).map((t) => t.name ?? t.type);

/** Who the reviewer's first request says it is, relative to the reviewed thread. */
function reviewerIdentity(r: Run, parent: string): Record<string, unknown> {
  const q = r.mock.requests[0] as CapturedRequest;
  const metadata = (q.body as { client_metadata: Record<string, string> }).client_metadata;
  const turn = JSON.parse(metadata['x-codex-turn-metadata'] ?? '{}') as Record<string, unknown>;
  return {
    subagent: q.headers['x-openai-subagent'],
    parentHeader: q.headers['x-codex-parent-thread-id'] === parent,
    session: q.headers['session-id'] === parent,
    ownThread: q.headers['thread-id'] !== parent,
    kind: turn.subagent_kind,
    agent: turn.agent_name,
    parentInMetadata: turn.parent_thread_id === parent,
    sandbox: turn.sandbox_mode,
  };
}

/** The reviewer's session_meta (the rollout beside the reviewed thread's), relative to that thread. */
async function reviewerMeta(ws: AppServerWorkspace, parent: string): Promise<Record<string, unknown>> {
  const files = (await readdir(path.join(ws.codexHome, 'sessions'), { recursive: true })).filter((f) => f.endsWith('.jsonl') && !f.includes(parent));
  expect(files).toHaveLength(1);
  const first = JSON.parse((await readFile(path.join(ws.codexHome, 'sessions', files[0] as string), 'utf8')).split('\n')[0] as string) as { payload: Record<string, unknown> };
  const m = first.payload;
  return { source: m.source, threadSource: m.thread_source, parent: m.parent_thread_id === parent, session: m.session_id === parent, multiAgent: m.multi_agent_version };
}

async function parentItems(file: string): Promise<string[]> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { type: string; payload: { type: string; item?: { type: string } } });
  return lines.filter((l) => l.payload.type === 'item_completed').map((l) => l.payload.item?.type ?? '');
}

describe('review/start (0.169)', () => {
  it('answers with the review turn and runs the review with the pack texts, read-only, without goals, search or agents', async () => {
    const run = await weftRun(JSON.stringify(FINDINGS));
    const { threadId, result, messages } = await review(run, { type: 'uncommittedChanges' });
    const texts = await reviewTexts({ dirs: [WEFT_PACK_DIR] });
    const expected = resolveReview({ type: 'uncommittedChanges' }, texts);
    expect(result.reviewThreadId).toBe(threadId);
    expect(result.turn).toMatchObject({ rootTurnId: null, status: 'inProgress', items: [{ type: 'userMessage', id: result.turn.id, content: [{ type: 'text', text: 'current changes', text_elements: [] }] }] });
    const rendered = renderReview(FINDINGS) as string;
    expect(shape(messages, threadId, result.turn.id)).toEqual([
      'item/started thread T enteredReviewMode="current changes"',
      'item/completed thread T enteredReviewMode="current changes"',
      'thread/status/changed thread - active',
      'turn/started thread other root=T inProgress',
      'item/started thread T userMessage',
      'item/completed thread T userMessage',
      'item/started thread T agentMessage=""',
      `item/started thread T exitedReviewMode=${JSON.stringify(rendered)}`,
      `item/completed thread T exitedReviewMode=${JSON.stringify(rendered)}`,
      `item/started thread T agentMessage=${JSON.stringify(rendered)}`,
      `item/completed thread T agentMessage=${JSON.stringify(rendered)}`,
      'thread/readState/changed thread -',
      'thread/status/changed thread - idle',
      'turn/completed thread T root=T completed',
    ]);
    const [request] = run.mock.requests;
    const body = request?.body as { input: Array<{ role?: string; content?: Array<{ text: string }> }> };
    expect(body.input[0]?.content?.[0]?.text).toBe(expected.instructions);
    expect(body.input.at(-1)?.content?.[0]?.text).toBe(expected.prompt);
    const tools = toolNames(request as CapturedRequest);
    for (const gone of ['web_search', 'get_goal', 'create_goal', 'update_goal', 'update_plan']) expect(tools).not.toContain(gone);
    expect(tools).toContain('exec_command');
    expect(JSON.stringify(body)).toContain('read-only');
  });

  it('hands the review back to the thread: its next turn sends the review as the user message from the pack', async () => {
    const run = await weftRun(JSON.stringify(FINDINGS));
    const { threadId, rollout } = await review(run, { type: 'baseBranch', branch: 'main' });
    const from = run.client.received.length;
    const turn = (await run.client.request('turn/start', { threadId, input: [{ type: 'text', text: 'fix it', text_elements: [] }] })).result as { turn: { id: string } };
    await run.client.until((m) => m.method === 'turn/completed' && (m.params as { turn: { id: string } }).turn.id === turn.turn.id, from);
    const texts = await reviewTexts({ dirs: [WEFT_PACK_DIR] });
    const rendered = renderReview(FINDINGS) as string;
    const next = run.mock.requests[1]?.body as { input: Array<{ role?: string; content?: Array<{ text: string }> }> };
    const said = next.input.map((i) => `${i.role}:${i.content?.[0]?.text ?? ''}`);
    expect(said).toContain(`user:${reviewHandback(texts, rendered)}`);
    expect(said).toContain(`assistant:${rendered}`);
    expect(said.indexOf(`user:${reviewHandback(texts, rendered)}`)).toBeLessThan(said.indexOf('user:fix it'));
    expect(await parentItems(rollout)).toEqual(['EnteredReviewMode', 'UserMessage', 'ExitedReviewMode', 'AgentMessage', 'UserMessage', 'AgentMessage']);
    const read = (await run.client.request('thread/read', { threadId, includeTurns: true })).result as { thread: { turns: Array<{ items: Array<{ type: string; review?: string }> }> } };
    const reviewTurn = read.thread.turns[0];
    expect(reviewTurn?.items.map((i) => i.type)).toEqual(['enteredReviewMode', 'userMessage', 'exitedReviewMode', 'agentMessage']);
    expect(reviewTurn?.items[0]?.review).toBe("changes against 'main'");
    expect(reviewTurn?.items[2]?.review).toBe(rendered);
  });

  it('keeps the reviewer thread out of thread/list, as Codex lists no sub-agent by default', async () => {
    const run = await weftRun(JSON.stringify(FINDINGS));
    const { threadId } = await review(run, { type: 'uncommittedChanges' });
    const listed = (await run.client.request('thread/list', {})).result as { data: Array<{ id: string }> };
    expect(listed.data.map((t) => t.id)).toEqual([threadId]);
    expect(reviewerIdentity(run, threadId)).toMatchObject({ subagent: 'review', kind: 'review', sandbox: 'read-only', ownThread: true });
  });

  it('turn/interrupt stops the review: the turn ends interrupted and the thread takes its next turn', async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const mock = await startMockResponsesServer({ respond: (_req, i) => (i === 0 ? { ...textReply(JSON.stringify(FINDINGS)), pause: { after: 1, until: held } } : textReply('done')) });
    open.push({ close: () => (release(), mock.close()) });
    const ws = await appServerWorkspace0169(mock.url);
    const client = new InProcessClient(ws.options);
    open.push(client);
    await client.initialize(true);
    const threadId = ((await client.request('thread/start', {})).result as { thread: { id: string } }).thread.id;
    const from = client.received.length;
    const turnId = ((await client.request('review/start', { threadId, target: { type: 'uncommittedChanges' } })).result as { turn: { id: string } }).turn.id;
    await client.until((m) => m.method === 'turn/started', from);
    expect((await client.request('turn/interrupt', { threadId, turnId })).error).toBeUndefined();
    const done = await client.turnCompleted(threadId, turnId, from);
    expect((done.params as { turn: { status: string } }).turn.status).toBe('interrupted');
    expect(client.received.slice(from).some((m) => (m.params as { item?: { type: string } } | undefined)?.item?.type === 'exitedReviewMode')).toBe(false);
    release();
    const after = client.received.length;
    const next = (await client.request('turn/start', { threadId, input: [{ type: 'text', text: 'go on', text_elements: [] }] })).result as { turn: { id: string } };
    const finished = await client.turnCompleted(threadId, next.turn.id, after);
    expect((finished.params as { turn: { status: string } }).turn.status).toBe('completed');
  });

  it('refuses a delivery 0.169 does not know, as Codex deserializes it', async () => {
    const run = await weftRun('{}');
    const started = (await run.client.request('thread/start', {})).result as { thread: { id: string } };
    const answer = await run.client.request('review/start', { threadId: started.thread.id, target: { type: 'uncommittedChanges' }, delivery: 'detached' });
    expect((answer.error as { message: string }).message).toBe('Invalid request: unknown variant `detached`, expected `inline`');
    expect(run.mock.requests).toHaveLength(0);
  });
});

describe.skipIf(CODEX_0169 === undefined)('review/start beside the real Codex 0.169', () => {
  for (const [name, answer] of [
    ['a review with findings', JSON.stringify(FINDINGS)],
    ['an answer that is no review JSON', 'Looks fine to me.'],
  ] as const) {
    it(`sends the same notifications, offers the same tools and records the same items (${name})`, async () => {
      const [codex, weft] = [await codexRun(answer), await weftRun(answer)];
      const [c, w] = [await review(codex, { type: 'commit', sha: '0123456789abcdef', title: 'Fix it' }), await review(weft, { type: 'commit', sha: '0123456789abcdef', title: 'Fix it' })];
      expect(shape(w.messages, w.threadId, w.result.turn.id)).toEqual(shape(c.messages, c.threadId, c.result.turn.id));
      const strip = (r: typeof w.result) => ({ ...r, turn: { ...r.turn, id: 'T', items: r.turn.items.map((i) => ({ ...i, id: 'T' })) }, reviewThreadId: 'R' });
      expect(strip(w.result)).toEqual(strip(c.result));
      // tool_search aside: weft offers it to a model without a catalog entry in every thread, Codex in
      // none (a plain turn of Codex 0.169 on this mock has none either): not a review difference.
      const offered = (r: Run) => toolNames(r.mock.requests[0] as CapturedRequest).filter((n) => n !== 'tool_search');
      expect(offered(weft)).toEqual(offered(codex));
      expect(await parentItems(w.rollout)).toEqual(await parentItems(c.rollout));
      expect(reviewerIdentity(weft, w.threadId)).toEqual(reviewerIdentity(codex, c.threadId));
      expect(await reviewerMeta(weft.ws, w.threadId)).toEqual(await reviewerMeta(codex.ws, c.threadId));
    });
  }
});
