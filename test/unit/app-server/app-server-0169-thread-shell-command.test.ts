// thread/shellCommand (0.169), as the real Codex 0.169 answers it on a mock (recorded by driving
// `codex app-server` with the same calls): `{}` at once; between turns, a turn of its own that asks
// the model nothing (status active, turn/started, a `userShell` commandExecution item showing
// `<shell> -lc '<script>'`, its output as deltas, the item completed with exit code and output, status
// idle, turn/completed); its rollout holds task_started, the CommandExecution item (source
// user_shell), the `<user_shell_command>` user message and task_complete, and no turn context, so
// the next request carries that message before the initial context. With a turn running, the command
// joins it and the model is asked again, in the same turn, with the message last.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockReply, type MockServer } from '../../../src/testing/index.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { errorMessage, ok } from '../../support/appserver-0169-session.js';
import { appServerWorkspace0169, mockProviderTable, type AppServerWorkspace } from '../../support/appserver-workspace.js';
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

/** A 0.169 server (compat pinned) on a mock answering with `respond`. */
async function open(respond: (index: number) => MockReply = (i) => textReply(`answer ${i}`)): Promise<{ c: InProcessClient; ws: AppServerWorkspace; mock: MockServer }> {
  const m = (mock = await startMockResponsesServer({ respond: (_req, i) => respond(i) }));
  const ws = await appServerWorkspace0169(m.url);
  root = ws.root;
  await writeFile(join(ws.codexHome, 'config.toml'), `compat = "codex-0.169"\nmodel = "mock-model"\nmodel_provider = "mock"\n\n${mockProviderTable(m.url)}request_max_retries = 0\nstream_max_retries = 0\n`);
  const c = (client = new InProcessClient(ws.options));
  await c.initialize();
  return { c, ws, mock: m };
}

type Item = { type: string; id: string; command: string; source: string; status: string; commandActions: unknown[]; aggregatedOutput: string | null; exitCode: number | null; durationMs: number | null };
type Line = { type: string; payload: Record<string, unknown> & { type: string } };
type Input = Array<{ type: string; role?: string; content?: Array<{ text?: string }> }>;

const SCRIPT = 'echo out; echo err >&2; exit 3';
const params = (m: Msg) => m.params as Record<string, unknown>;
const methodsOf = (msgs: readonly Msg[]) => msgs.map((m) => m.method).filter((m) => m !== undefined && !m.startsWith('account/') && !m.startsWith('mcpServer'));
const textsOf = (input: Input): string[] => input.map((i) => i.content?.map((c) => c.text ?? '').join('') ?? '');

async function rollout(path: string): Promise<Line[]> {
  return (await readFile(path, 'utf8'))
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);
}

async function started(c: InProcessClient, cwd: string): Promise<{ id: string; path: string }> {
  return ok<{ thread: { id: string; path: string } }>(await c.request('thread/start', { cwd })).thread;
}

describe('thread/shellCommand (0.169)', () => {
  it('between turns: a turn of its own with a userShell command item, its output deltas and no model request', async () => {
    const { c, ws } = await open();
    const thread = await started(c, ws.cwd);
    const from = c.received.length;
    expect(ok(await c.request('thread/shellCommand', { threadId: thread.id, command: SCRIPT }))).toEqual({});
    const done = await c.until((m) => m.method === 'turn/completed', from);
    const seen = c.received.slice(from);
    expect(methodsOf(seen)).toEqual([
      'thread/status/changed',
      'turn/started',
      'item/started',
      'item/commandExecution/outputDelta',
      'item/commandExecution/outputDelta',
      'item/completed',
      'thread/status/changed',
      'turn/completed',
    ]);
    const turnId = (params(done).turn as { id: string; status: string; items: unknown[] }).id;
    expect(params(done).turn).toMatchObject({ status: 'completed', items: [], itemsView: 'notLoaded' });
    const first = params(seen.find((m) => m.method === 'item/started') as Msg);
    expect(first.turnId).toBe(turnId);
    const item = first.item as Item;
    expect(Object.keys(item)).toEqual(['type', 'id', 'pluginId', 'scriptPath', 'command', 'cwd', 'processId', 'source', 'status', 'commandActions', 'aggregatedOutput', 'exitCode', 'durationMs', 'startedAtMs', 'completedAtMs']);
    expect(item).toMatchObject({ type: 'commandExecution', source: 'userShell', status: 'inProgress', cwd: ws.cwd, processId: null, commandActions: [{ type: 'unknown', command: SCRIPT }] });
    expect(item.command).toMatch(new RegExp(`^/\\S+ -lc '${SCRIPT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'$`));
    const deltas = seen.filter((m) => m.method === 'item/commandExecution/outputDelta').map((m) => params(m));
    expect(deltas.every((d) => d.itemId === item.id && d.turnId === turnId)).toBe(true);
    expect(deltas.map((d) => d.delta).join('')).toBe('out\nerr\n');
    const end = params(seen.find((m) => m.method === 'item/completed') as Msg).item as Item;
    expect(end).toMatchObject({ id: item.id, status: 'failed', aggregatedOutput: 'out\nerr\n', exitCode: 3 });
    expect(typeof end.durationMs).toBe('number');
    expect(params(seen[seen.length - 2] as Msg).status).toEqual({ type: 'idle' });
  });

  it('records the item and the <user_shell_command> message with no turn context; the next request carries it before the initial context', async () => {
    const { c, ws, mock: m } = await open();
    const thread = await started(c, ws.cwd);
    let from = c.received.length;
    ok(await c.request('thread/shellCommand', { threadId: thread.id, command: SCRIPT }));
    await c.until((m) => m.method === 'turn/completed', from);
    const lines = await rollout(thread.path);
    const kinds = lines.filter((l) => l.type !== 'session_meta').map((l) => (l.type === 'event_msg' ? l.payload.type : l.type));
    expect(kinds).toEqual(['task_started', 'item_completed', 'response_item', 'task_complete']);
    const recorded = lines.find((l) => l.payload.type === 'item_completed')?.payload.item as Record<string, unknown>;
    expect(Object.keys(recorded)).toEqual(['type', 'id', 'command', 'cwd', 'parsed_cmd', 'source', 'status', 'aggregated_output', 'exit_code', 'duration']);
    expect(recorded).toMatchObject({ type: 'CommandExecution', source: 'user_shell', status: 'failed', aggregated_output: 'out\nerr\n', exit_code: 3, parsed_cmd: [{ type: 'unknown', cmd: SCRIPT }] });
    expect((recorded.command as string[]).slice(1)).toEqual(['-lc', SCRIPT]);
    const message = lines.find((l) => l.type === 'response_item')?.payload as unknown as { role: string; content: Array<{ text: string }>; internal_chat_message_metadata_passthrough: Record<string, unknown> };
    expect(message.role).toBe('user');
    const text = message.content[0]?.text ?? '';
    expect(text.startsWith(`<user_shell_command>\n<command>\n${SCRIPT}\n</command>\n<result>\n`)).toBe(true);
    expect(text.endsWith('\nout\nerr\n\n</result>\n</user_shell_command>')).toBe(true);
    expect(text).toMatch(/\b3\b/);
    expect(text).toMatch(/\d\.\d{4}/);
    expect(message.internal_chat_message_metadata_passthrough).toMatchObject({ content_item_kinds: ['shell.user_command'], content_item_metadata: [{ provenance: { type: 'harness', hook: false } }] });
    expect(lines.find((l) => l.payload.type === 'task_complete')?.payload.last_agent_message).toBeNull();

    from = c.received.length;
    const { turn } = ok<{ turn: { id: string } }>(await c.request('turn/start', { threadId: thread.id, input: [{ type: 'text', text: 'next', text_elements: [] }] }));
    await c.turnCompleted(thread.id, turn.id, from);
    const input = (m.requests[0]?.body as { input: Input }).input;
    const texts = textsOf(input);
    const at = texts.indexOf(text);
    // The message the command left, then the initial context (developer, environment), then the prompt.
    expect(at).toBeGreaterThan(-1);
    expect(input[at + 1]?.role).toBe('developer');
    expect(texts.slice(at + 1).some((t) => t.startsWith('<environment_context>'))).toBe(true);
    expect(texts[texts.length - 1]).toBe('next');
    expect(m.requests).toHaveLength(1);
  });

  it('thread/read shows the command in its turn, as Codex 0.169 does', async () => {
    const { c, ws } = await open();
    const thread = await started(c, ws.cwd);
    const from = c.received.length;
    ok(await c.request('thread/shellCommand', { threadId: thread.id, command: 'echo hi' }));
    const done = await c.until((m2) => m2.method === 'turn/completed', from);
    const { thread: read } = ok<{ thread: { turns: Array<{ id: string; itemsView: string; items: Item[] }> } }>(await c.request('thread/read', { threadId: thread.id, includeTurns: true }));
    expect(read.turns).toHaveLength(1);
    expect(read.turns[0]?.id).toBe((params(done).turn as { id: string }).id);
    expect(read.turns[0]?.itemsView).toBe('full');
    expect(read.turns[0]?.items[0]).toMatchObject({ type: 'commandExecution', source: 'userShell', status: 'completed', cwd: ws.cwd, exitCode: 0, aggregatedOutput: 'hi\n', commandActions: [{ type: 'unknown', command: 'echo hi' }] });
    expect(read.turns[0]?.items[0]?.command).toMatch(/^\/\S+ -lc 'echo hi'$/);
  });

  it('with a turn running: the command joins that turn and the model is asked again with its message last', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { c, ws, mock: m } = await open((i) => (i === 0 ? { ...textReply('first'), pause: { after: 1, until: held } } : textReply(`answer ${i}`)));
    const thread = await started(c, ws.cwd);
    const from = c.received.length;
    const { turn } = ok<{ turn: { id: string } }>(await c.request('turn/start', { threadId: thread.id, input: [{ type: 'text', text: 'hello', text_elements: [] }] }));
    await c.until((m2) => m2.method === 'item/completed' && (params(m2).item as Item).type === 'userMessage', from);
    ok(await c.request('thread/shellCommand', { threadId: thread.id, command: 'echo joined' }));
    const end = await c.until((m2) => m2.method === 'item/completed' && (params(m2).item as Item).type === 'commandExecution', from);
    expect(params(end).turnId).toBe(turn.id);
    expect(params(end).item).toMatchObject({ source: 'userShell', status: 'completed', exitCode: 0, aggregatedOutput: 'joined\n' });
    release();
    const done = await c.turnCompleted(thread.id, turn.id, from);
    expect(params(done).turn).toMatchObject({ status: 'completed' });
    expect(c.received.slice(from).filter((m2) => m2.method === 'turn/started')).toHaveLength(1);
    expect(m.requests).toHaveLength(2);
    const second = textsOf((m.requests[1]?.body as { input: Input }).input);
    expect(second.slice(-3, -1)).toEqual(['hello', 'first']);
    expect(second[second.length - 1]).toMatch(/^<user_shell_command>\n<command>\necho joined\n<\/command>\n<result>\n[\s\S]*\njoined\n\n<\/result>\n<\/user_shell_command>$/);
  });

  it('a command past its time limit ends as Codex ends it: failed, exit code -1, its output kept after the notice', async () => {
    const { c, ws } = await open();
    const thread = await started(c, ws.cwd);
    const from = c.received.length;
    ok(await c.request('thread/shellCommand', { threadId: thread.id, command: 'echo begun; exec sleep 30', timeoutMs: 0 }));
    const done = await c.until((m2) => m2.method === 'turn/completed', from);
    expect(params(done).turn).toMatchObject({ status: 'completed' });
    const end = params(c.received.slice(from).find((m2) => m2.method === 'item/completed') as Msg).item as Item;
    expect(end).toMatchObject({ status: 'failed', exitCode: -1, durationMs: 0 });
    const lines = await rollout(thread.path);
    const text = (lines.find((l) => l.type === 'response_item')?.payload as unknown as { content: Array<{ text: string }> }).content[0]?.text ?? '';
    expect(text).toContain('-1');
    expect(text).toContain('0.0000');
  });

  it('an interrupt stops the command and ends its turn interrupted', async () => {
    const { c, ws } = await open();
    const thread = await started(c, ws.cwd);
    const from = c.received.length;
    ok(await c.request('thread/shellCommand', { threadId: thread.id, command: 'echo waiting; exec sleep 30' }));
    const begun = await c.until((m2) => m2.method === 'item/commandExecution/outputDelta', from);
    ok(await c.request('turn/interrupt', { threadId: thread.id, turnId: params(begun).turnId }));
    const done = await c.until((m2) => m2.method === 'turn/completed', from);
    expect(params(done).turn).toMatchObject({ id: params(begun).turnId, status: 'interrupted' });
    const end = params(c.received.slice(from).find((m2) => m2.method === 'item/completed') as Msg).item as Item;
    expect(end.status).toBe('failed');
  });

  it('refuses, in Codex’s words, a thread that is not loaded, a negative time limit and an empty script', async () => {
    const { c, ws } = await open();
    expect(errorMessage(await c.request('thread/shellCommand', { threadId: '01a2248a-954f-7692-93e7-d8c37c2799f4', command: 'true' }))).toMatch(/01a2248a-954f-7692-93e7-d8c37c2799f4/);
    const thread = await started(c, ws.cwd);
    const negative = await c.request('thread/shellCommand', { threadId: thread.id, command: 'true', timeoutMs: -1 });
    expect(negative.error).toEqual({ code: -32602, message: 'thread/shellCommand timeoutMs must be non-negative, got -1' });
    expect(errorMessage(await c.request('thread/shellCommand', { threadId: thread.id, command: '  \n ' }))).toBe('command must not be empty');
  });
});
