// thread/approveGuardianDeniedAction (0.169), as the real Codex 0.169 answers it on a mock with no
// automatic review having denied anything: the event is read first, with Codex's deserializer
// wording (missing `id`, `status`, `action`; unknown status or action kind), then the thread; an
// event that is not a denial changes nothing; a denial answers `{}` and the next request carries,
// before the thread's initial context, a developer message allowing that exact action with
// `{"action": …, "outcome": "allowed"}` pretty-printed.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../../src/testing/index.js';
import { InProcessClient } from '../../support/appserver-client.js';
import { errorMessage, ok } from '../../support/appserver-0169-session.js';
import { appServerWorkspace0169, mockProviderTable } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
let client: InProcessClient | undefined;
let root: string | undefined;
afterEach(async () => {
  await client?.close();
  await mock?.close();
  // A write the server started in the home may still land as the tree goes: removal retries then.
  if (root) await rm(root, { recursive: true, force: true, maxRetries: 5 });
  client = mock = root = undefined;
  await removeTempDirs();
});

type Input = Array<{ role?: string; content?: Array<{ text?: string }> }>;
const ACTION = { type: 'command', source: 'shell', command: 'rm -rf build', cwd: '/tmp' };
const denial = (status = 'denied') => ({ id: 'review-1', turn_id: 'turn-1', status, action: ACTION });

async function open(): Promise<{ c: InProcessClient; threadId: string; m: MockServer }> {
  const m = (mock = await startMockResponsesServer({ respond: () => textReply('ok') }));
  const ws = await appServerWorkspace0169(m.url);
  root = ws.root;
  await writeFile(join(ws.codexHome, 'config.toml'), `compat = "codex-0.169"\nmodel = "mock-model"\nmodel_provider = "mock"\n\n${mockProviderTable(m.url)}request_max_retries = 0\nstream_max_retries = 0\n`);
  const c = (client = new InProcessClient(ws.options));
  await c.initialize();
  const { thread } = ok<{ thread: { id: string } }>(await c.request('thread/start', { cwd: ws.cwd }));
  return { c, threadId: thread.id, m };
}

async function turn(c: InProcessClient, threadId: string): Promise<void> {
  const from = c.received.length;
  const { turn: t } = ok<{ turn: { id: string } }>(await c.request('turn/start', { threadId, input: [{ type: 'text', text: 'go', text_elements: [] }] }));
  await c.turnCompleted(threadId, t.id, from);
}

describe('thread/approveGuardianDeniedAction (0.169)', () => {
  it('reads the event with Codex’s wording before it looks the thread up', async () => {
    const { c, threadId } = await open();
    const ask = async (event: unknown, id = threadId) => errorMessage(await c.request('thread/approveGuardianDeniedAction', { threadId: id, event }));
    expect(await ask({})).toBe('invalid Guardian denial event: missing field `id`');
    expect(await ask({ id: 'g' })).toBe('invalid Guardian denial event: missing field `status`');
    expect(await ask({ id: 'g', status: 'denied' })).toBe('invalid Guardian denial event: missing field `action`');
    expect(await ask({ id: 'g', status: 'nope', action: {} })).toBe('invalid Guardian denial event: unknown variant `nope`, expected one of `in_progress`, `approved`, `denied`, `timed_out`, `aborted`');
    expect(await ask({ id: 'g', status: 'denied', action: { type: 'bogus' } })).toBe(
      'invalid Guardian denial event: unknown variant `bogus`, expected one of `command`, `execve`, `write_stdin`, `apply_patch`, `network_access`, `mcp_tool_call`, `request_permissions`',
    );
    expect(await ask({}, '01a2248a-954f-7692-93e7-d8c37c2799f4')).toBe('invalid Guardian denial event: missing field `id`');
    expect(await ask(denial(), '01a2248a-954f-7692-93e7-d8c37c2799f4')).toMatch(/01a2248a-954f-7692-93e7-d8c37c2799f4/);
  });

  it('a denial approved between turns reaches the model before the next turn’s context; a non-denial changes nothing', async () => {
    const { c, threadId, m } = await open();
    expect(ok(await c.request('thread/approveGuardianDeniedAction', { threadId, event: denial('approved') }))).toEqual({});
    expect(ok(await c.request('thread/approveGuardianDeniedAction', { threadId, event: denial() }))).toEqual({});
    await turn(c, threadId);
    const input = (m.requests[0]?.body as { input: Input }).input;
    const texts = input.map((i) => i.content?.map((p) => p.text ?? '').join('') ?? '');
    const notes = texts.filter((t) => t.includes('"outcome": "allowed"'));
    expect(notes).toHaveLength(1);
    const at = texts.indexOf(notes[0] as string);
    expect(input[at]?.role).toBe('developer');
    expect(notes[0]?.endsWith(`\n${JSON.stringify({ action: ACTION, outcome: 'allowed' }, null, 2)}`)).toBe(true);
    // Before the initial context (the environment context comes after it), as in Codex.
    expect(texts.findIndex((t) => t.startsWith('<environment_context>'))).toBeGreaterThan(at);
    expect(texts[texts.length - 1]).toBe('go');
    await turn(c, threadId);
    const later = (m.requests[1]?.body as { input: Input }).input.map((i) => i.content?.map((p) => p.text ?? '').join('') ?? '');
    expect(later.filter((t) => t.includes('"outcome": "allowed"'))).toHaveLength(1);
  });
});
