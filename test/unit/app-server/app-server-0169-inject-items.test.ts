// thread/inject_items (0.169), as the real Codex 0.169 answers it on a mock: `{}` for any list of raw
// Responses items; the ones of a known kind join the model-visible history (after the thread's
// initial context when it had none yet, before the next turn's user message) and the rollout, an
// unknown kind is dropped; a thread not loaded here is refused.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../../src/testing/index.js';
import { InProcessClient } from '../../support/appserver-client.js';
import { ok } from '../../support/appserver-0169-session.js';
import { appServerWorkspace0169 } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
let client: InProcessClient | undefined;
afterEach(async () => {
  await client?.close();
  await mock?.close();
  await removeTempDirs();
});

type Input = Array<{ type: string; role?: string; content?: Array<{ text?: string }> }>;
const texts = (input: Input): string[] => input.map((i) => `${i.role ?? i.type}:${i.content?.map((c) => c.text ?? '').join('') ?? ''}`);
const note = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });

describe('thread/inject_items (0.169)', () => {
  it('puts known items into the history after the initial context and drops unknown kinds', async () => {
    mock = await startMockResponsesServer({ respond: () => textReply('hi') });
    const ws = await appServerWorkspace0169(mock.url);
    const c = (client = new InProcessClient(ws.options));
    await c.initialize();
    const { thread } = ok<{ thread: { id: string; path: string } }>(await c.request('thread/start', { cwd: ws.cwd }));
    expect(ok(await c.request('thread/inject_items', { threadId: thread.id, items: [note('injected note'), { type: 'bogus' }] }))).toEqual({});

    const turn = async (text: string): Promise<void> => {
      const from = c.received.length;
      const { turn: t } = ok<{ turn: { id: string } }>(await c.request('turn/start', { threadId: thread.id, input: [{ type: 'text', text, text_elements: [] }] }));
      await c.turnCompleted(thread.id, t.id, from);
    };
    await turn('hello');
    const first = texts((mock.requests[0]?.body as { input: Input }).input);
    const at = first.indexOf('user:injected note');
    expect(at).toBeGreaterThan(0);
    // The initial context comes first, once; the turn's message after the injected one.
    expect(first.slice(at)).toEqual(['user:injected note', 'user:hello']);
    expect(first.filter((t) => t.includes('<environment_context>'))).toHaveLength(1);
    expect(first.some((t) => t.includes('bogus'))).toBe(false);

    ok(await c.request('thread/inject_items', { threadId: thread.id, items: [note('second note')] }));
    await turn('again');
    const second = texts((mock.requests[1]?.body as { input: Input }).input);
    expect(second.slice(-4)).toEqual(['user:hello', 'assistant:hi', 'user:second note', 'user:again']);

    const rollout = await readFile(thread.path, 'utf8');
    expect(rollout).toContain('"text":"injected note"');
    expect(rollout).not.toContain('bogus');
  });

  it('refuses a thread that is not loaded', async () => {
    mock = await startMockResponsesServer({ respond: () => textReply('hi') });
    const ws = await appServerWorkspace0169(mock.url);
    const c = (client = new InProcessClient(ws.options));
    await c.initialize();
    const answer = await c.request('thread/inject_items', { threadId: '00000000-0000-0000-0000-000000000000', items: [] });
    expect(answer.error).toBeDefined();
  });
});
