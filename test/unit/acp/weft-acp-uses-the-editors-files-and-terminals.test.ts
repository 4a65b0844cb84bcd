// `weft acp` with an editor that offers its files and terminals (clientCapabilities fs.readTextFile,
// fs.writeTextFile, terminal): the model's patch is read from the editor's unsaved buffer and written
// back into it (fs/read_text_file, fs/write_text_file; the file on disk untouched), its command runs
// in an editor terminal (terminal/create …) whose output reaches the model and whose terminal is
// shown on the tool call, and cancelling the prompt kills that terminal. An editor that offers none
// of it gets weft's own files and processes.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, test } from 'vitest';
import { customToolCallReply, functionCallReply, startMockResponsesServer, textReply, type MockServer } from '../../../src/testing/index.js';
import { startInProcessEditor, type InProcessEditor } from '../../support/acp-editor.js';
import { appServerWorkspace0169, type AppServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const EVERYTHING = { fs: { readTextFile: true, writeTextFile: true }, terminal: true };

const PATCH = ['*** Begin Patch', '*** Update File: notes.txt', '@@', ' one', '-two', '+three', '*** End Patch'].join('\n');

interface Setup {
  readonly mock: MockServer;
  readonly ws: AppServerWorkspace;
  readonly editor: InProcessEditor;
  readonly sessionId: string;
}

async function setUp(replies: Parameters<typeof startMockResponsesServer>[0], capabilities: object): Promise<Setup> {
  const mock = await startMockResponsesServer(replies);
  const ws = await appServerWorkspace0169(mock.url);
  const server = { ...ws.options, runtime: { configOverrides: ['sandbox_mode="workspace-write"', 'approval_policy="on-request"'] } };
  const editor = startInProcessEditor(server, capabilities);
  await editor.agent.request('initialize', { protocolVersion: 1, clientCapabilities: capabilities });
  const { sessionId } = await editor.agent.request('session/new', { cwd: ws.cwd, mcpServers: [] });
  return { mock, ws, editor, sessionId };
}

async function tearDown(s: Setup | undefined): Promise<void> {
  await s?.editor.close();
  await s?.mock.close();
}

/** The text of the output the model got for its last call. */
function lastCallOutput(mock: MockServer): string {
  const input = (mock.requests.at(-1)?.body as { input: Array<{ type: string; output?: unknown }> }).input;
  return JSON.stringify(input.at(-1)?.output ?? null);
}

describe('weft acp uses the editor’s files and terminals when it offers them', () => {
  let s: Setup | undefined;
  afterEach(async () => {
    await tearDown(s);
    s = undefined;
  });

  test('a patch reads the editor’s unsaved buffer and is written into it, not to disk', async () => {
    s = await setUp({ replies: [customToolCallReply('apply_patch', PATCH, 'call_patch'), textReply('edited')] }, EVERYTHING);
    const notes = path.join(s.ws.cwd, 'notes.txt');
    await writeFile(notes, 'one\n');
    s.editor.buffers.set(notes, 'one\ntwo\n'); // unsaved in the editor: only the buffer has `two`
    const done = await s.editor.agent.request('session/prompt', { sessionId: s.sessionId, prompt: [{ type: 'text', text: 'edit the notes' }] });
    expect(done.stopReason).toBe('end_turn');
    const fs = s.editor.calls.filter((c) => c.method.startsWith('fs/'));
    expect(fs.map((c) => [c.method, c.params.path])).toEqual([
      ['fs/read_text_file', notes],
      ['fs/write_text_file', notes],
    ]);
    expect(fs[1]?.params).toMatchObject({ sessionId: s.sessionId, content: 'one\nthree\n' });
    expect(s.editor.buffers.get(notes)).toBe('one\nthree\n');
    expect(await readFile(notes, 'utf8')).toBe('one\n');
    const update = s.editor.updates.map((n) => n.update).find((u) => u.sessionUpdate === 'tool_call_update' && u.toolCallId === 'call_patch');
    expect(update).toMatchObject({ status: 'completed' });
  });

  test('a shell command runs in an editor terminal, sandboxed; its output reaches the model and the tool call shows the terminal', async () => {
    s = await setUp({ replies: [functionCallReply('exec_command', { cmd: 'echo from-the-editor-terminal' }, 'call_shell'), textReply('ran')] }, EVERYTHING);
    const done = await s.editor.agent.request('session/prompt', { sessionId: s.sessionId, prompt: [{ type: 'text', text: 'run it' }] });
    expect(done.stopReason).toBe('end_turn');
    const created = s.editor.calls.filter((c) => c.method === 'terminal/create');
    expect(created).toHaveLength(1);
    const argv = [created[0]!.params.command, ...(created[0]!.params.args as string[])];
    // The argv the sandbox wrapped: the shell command is its tail, something else its head.
    expect(argv.slice(-3)).toEqual([expect.stringMatching(/sh$/), '-lc', 'echo from-the-editor-terminal']);
    expect(argv.length).toBeGreaterThan(3);
    expect(created[0]!.params).toMatchObject({ sessionId: s.sessionId, cwd: s.ws.cwd });
    const methods = s.editor.calls.map((c) => c.method);
    expect(methods).toContain('terminal/wait_for_exit');
    expect(methods.at(-1)).toBe('terminal/release');
    expect(lastCallOutput(s.mock)).toContain('from-the-editor-terminal');
    const terminalId = [...s.editor.terminals.keys()][0];
    type ToolCallShown = Extract<SessionUpdate, { sessionUpdate: 'tool_call' | 'tool_call_update' }>;
    const shown = s.editor.updates
      .map((n) => n.update)
      .filter((u): u is ToolCallShown => (u.sessionUpdate === 'tool_call' || u.sessionUpdate === 'tool_call_update') && u.toolCallId === 'call_shell');
    expect(shown.some((u) => u.content?.some((c) => c.type === 'terminal' && c.terminalId === terminalId))).toBe(true);
    expect(shown.at(-1)).toMatchObject({ status: 'completed' });
  });

  test('a command outside the sandbox is put to the editor first, then runs in its terminal unwrapped', async () => {
    const escalated = { cmd: 'touch made-outside', sandbox_permissions: 'require_escalated', justification: 'asked to' };
    s = await setUp({ replies: [functionCallReply('exec_command', escalated, 'call_out'), textReply('ran')] }, EVERYTHING);
    const done = await s.editor.agent.request('session/prompt', { sessionId: s.sessionId, prompt: [{ type: 'text', text: 'run it outside' }] });
    expect(done.stopReason).toBe('end_turn');
    expect(s.editor.permissions.map((p) => p.toolCall.toolCallId)).toEqual(['call_out']);
    const created = s.editor.calls.filter((c) => c.method === 'terminal/create');
    expect(created).toHaveLength(1);
    expect([created[0]!.params.command, ...(created[0]!.params.args as string[])].slice(1)).toEqual(['-lc', 'touch made-outside']);
    expect(existsSync(path.join(s.ws.cwd, 'made-outside'))).toBe(true);
  });

  test('cancelling the prompt kills the command’s editor terminal', async () => {
    s = await setUp({ replies: [functionCallReply('exec_command', { cmd: 'echo started; sleep 600', yield_time_ms: 30000 }, 'call_long'), textReply('never')] }, EVERYTHING);
    const { editor, sessionId } = s;
    const prompt = editor.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'run a long one' }] });
    const terminal = await editor.firstTerminal;
    await terminal.printed('started');
    await editor.agent.notify('session/cancel', { sessionId });
    expect((await prompt).stopReason).toBe('cancelled');
    await terminal.exited;
    expect(editor.calls.some((c) => c.method === 'terminal/kill' && c.params.terminalId === terminal.id)).toBe(true);
    expect(terminal.exit?.signal).toBe('SIGKILL');
  });

  test('an editor that offers neither files nor terminals gets weft’s own: nothing is asked of it', async () => {
    s = await setUp({ replies: [customToolCallReply('apply_patch', PATCH, 'call_patch'), functionCallReply('exec_command', { cmd: 'cat notes.txt' }, 'call_shell'), textReply('done')] }, {});
    const notes = path.join(s.ws.cwd, 'notes.txt');
    await writeFile(notes, 'one\ntwo\n');
    const done = await s.editor.agent.request('session/prompt', { sessionId: s.sessionId, prompt: [{ type: 'text', text: 'edit and show' }] });
    expect(done.stopReason).toBe('end_turn');
    expect(await readFile(notes, 'utf8')).toBe('one\nthree\n');
    expect(lastCallOutput(s.mock)).toContain('three');
    expect(s.editor.calls).toEqual([]);
  });
});
