// Today's @openai/codex-sdk (a devDependency, pinned), pointed at weft with `codexPathOverride`,
// drives `weft exec` with no weft configuration beyond the mock provider: so the default profile
// (codex-0.169) and its default model (a code-mode model). It runs a turn, streams one (events in
// order), resumes the thread by id from a new Codex instance, asks for structured output, and reads
// every field of the SDK's `Usage` type as a number.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Codex, type ThreadEvent, type Usage } from '@openai/codex-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { execScriptReply, startMockResponsesServer, textReply, type MockServer } from '../../../src/testing/index.js';
import { codexHomeWorkspace, mockProviderTable } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));

// Every key of the SDK's Usage: the compiler fails here when the SDK adds or renames one.
const USAGE_KEYS: Record<keyof Usage, true> = {
  input_tokens: true,
  cached_input_tokens: true,
  cache_write_input_tokens: true,
  output_tokens: true,
  reasoning_output_tokens: true,
};

afterEach(removeTempDirs);

let binDir: string;
let wrapper: string;
beforeAll(async () => {
  binDir = await mkdtemp(join(tmpdir(), 'weft-sdk-bin-'));
  wrapper = join(binDir, 'codex');
  await writeFile(wrapper, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  await chmod(wrapper, 0o755);
});
afterAll(() => rm(binDir, { recursive: true, force: true }));

/** A CODEX_HOME whose config.toml names only the mock provider; nothing else of weft is configured. */
function workspace(mock: MockServer): Promise<{ cwd: string; env: Record<string, string> }> {
  return codexHomeWorkspace(`model_provider = "mock"\n${mockProviderTable(mock.url)}`);
}

function expectFullUsage(usage: Usage | null): void {
  expect(usage).not.toBeNull();
  for (const key of Object.keys(USAGE_KEYS) as (keyof Usage)[]) expect(typeof usage?.[key], key).toBe('number');
}

describe('today’s @openai/codex-sdk against weft exec, no weft config', () => {
  test('run, resumeThread from a new instance, every Usage field', async () => {
    const mock = await startMockResponsesServer({});
    const ws = await workspace(mock);
    try {
      const thread = new Codex({ codexPathOverride: wrapper, env: ws.env }).startThread({ workingDirectory: ws.cwd, skipGitRepoCheck: true });
      const first = await thread.run('first question');
      expect(first.finalResponse).toBe('Mock reply 1 to: first question');
      expect(first.items).toEqual([{ id: 'item_0', type: 'agent_message', text: 'Mock reply 1 to: first question' }]);
      expectFullUsage(first.usage);
      expect(first.usage).toMatchObject({ input_tokens: 1200, cached_input_tokens: 1000, output_tokens: 40 });
      expect(thread.id).toMatch(/^[0-9a-f-]{36}$/);
      // The default model is today's first by priority, a code-mode one: its tools ride in the input.
      const body = mock.requests[0]?.body as { model: string; tools?: unknown; input: Array<{ type: string }> };
      expect(body.model).toBe('gpt-5.6-sol');
      expect(body.tools).toBeUndefined();
      expect(body.input[0]?.type).toBe('additional_tools');

      const resumed = new Codex({ codexPathOverride: wrapper, env: ws.env }).resumeThread(thread.id as string, { workingDirectory: ws.cwd, skipGitRepoCheck: true });
      const second = await resumed.run('second question');
      expect(second.finalResponse).toBe('Mock reply 2 to: second question');
      expect(resumed.id).toBe(thread.id);
      expectFullUsage(second.usage);
      const last = mock.requests.at(-1)?.body as { input: Array<{ role?: string; content?: Array<{ text?: string }> }> };
      const users = last.input.filter((i) => i.role === 'user').map((i) => i.content?.map((c) => c.text ?? '').join('') ?? '');
      expect(users.filter((t) => t.endsWith('question'))).toEqual(['first question', 'second question']);
    } finally {
      await mock.close();
    }
  }, 90_000);

  test('runStreamed yields thread, turn and item events in order', async () => {
    const mock = await startMockResponsesServer({});
    const ws = await workspace(mock);
    try {
      const thread = new Codex({ codexPathOverride: wrapper, env: ws.env }).startThread({ workingDirectory: ws.cwd, skipGitRepoCheck: true });
      const { events } = await thread.runStreamed('stream it');
      const seen: ThreadEvent[] = [];
      for await (const e of events) seen.push(e);
      expect(seen.map((e) => ('item' in e ? `${e.type}:${e.item.type}` : e.type))).toEqual([
        'thread.started',
        'turn.started',
        'item.completed:agent_message',
        'turn.completed',
      ]);
      const done = seen.at(-1);
      expect(done?.type).toBe('turn.completed');
      if (done?.type === 'turn.completed') expectFullUsage(done.usage);
    } finally {
      await mock.close();
    }
  }, 90_000);

  test('outputSchema reaches the request as text.format and the JSON answer is the final response', async () => {
    const answer = JSON.stringify({ answer: 'forty-two' });
    const mock = await startMockResponsesServer({ respond: () => textReply(answer) });
    const ws = await workspace(mock);
    try {
      const thread = new Codex({ codexPathOverride: wrapper, env: ws.env }).startThread({ workingDirectory: ws.cwd, skipGitRepoCheck: true });
      const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false };
      const turn = await thread.run('answer in JSON', { outputSchema: schema });
      expect(JSON.parse(turn.finalResponse)).toEqual({ answer: 'forty-two' });
      const body = mock.requests[0]?.body as { text?: { format?: { type?: string; strict?: boolean; schema?: unknown } } };
      expect(body.text?.format).toMatchObject({ type: 'json_schema', strict: true, schema });
    } finally {
      await mock.close();
    }
  }, 90_000);

  test('a code-mode turn: the script’s nested command shows as a command_execution item', async () => {
    const script = 'const r = await tools.exec_command({ cmd: "echo from-the-script" });\ntext(r.output);';
    const mock = await startMockResponsesServer({ respond: (_req, i) => (i === 0 ? execScriptReply(script, 'call_js') : textReply('ran it')) });
    const ws = await workspace(mock);
    try {
      const thread = new Codex({ codexPathOverride: wrapper, env: ws.env }).startThread({
        workingDirectory: ws.cwd,
        skipGitRepoCheck: true,
        sandboxMode: 'danger-full-access',
      });
      const turn = await thread.run('run something');
      expect(turn.finalResponse).toBe('ran it');
      const command = turn.items.find((i) => i.type === 'command_execution');
      expect(command).toMatchObject({ type: 'command_execution', status: 'completed', exit_code: 0 });
      expect(command?.type === 'command_execution' ? command.aggregated_output : '').toContain('from-the-script');
      const output = (mock.requests[1]?.body as { input: Array<{ type: string; output?: Array<{ text?: string }> }> }).input.at(-1);
      expect(output?.type).toBe('custom_tool_call_output');
      expect(output?.output?.[1]?.text).toBe('from-the-script\n');
    } finally {
      await mock.close();
    }
  }, 90_000);
});
