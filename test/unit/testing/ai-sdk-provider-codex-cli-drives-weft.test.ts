// ai-sdk-provider-codex-cli (a devDependency, pinned): the Vercel AI SDK's provider for Codex, which
// drives `codex exec --experimental-json` or `codex app-server` over stdio, pointed at weft's bin
// with `codexPath`. In exec mode it runs a prompt and streams one (each a new process, so the second
// reads the bin's code cache, and both write `--output-last-message`, which the provider always
// asks for). In app-server mode: a prompt, a command the model wants run outside the sandbox
// (approved through the provider's handler, then run), two turns of one persistent thread (the
// second sent as a continuation, not a transcript) and the model list.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateText, streamText } from 'ai';
import { createCodexAppServer, createCodexExec } from 'ai-sdk-provider-codex-cli';
import { afterEach, describe, expect, test } from 'vitest';
import { functionCallReply, lastUserText, startMockResponsesServer, textReply, type MockServer } from '../../../src/testing/index.js';
import { mockProviderTable } from '../../support/appserver-workspace.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

/** A mock whose model asks for an escalated command when the prompt says `run it`, and echoes otherwise. */
async function workspace(): Promise<{ cwd: string; env: Record<string, string>; mock: MockServer }> {
  mock = await startMockResponsesServer({
    respond: (req) => {
      const input = (req.body as { input: Array<{ type?: string }> }).input;
      if (input[input.length - 1]?.type === 'function_call_output') return textReply('The command ran.');
      const text = lastUserText(req.body) ?? '';
      if (text.includes('run it')) return functionCallReply('exec_command', { cmd: 'touch made-by-the-sdk', sandbox_permissions: 'require_escalated', justification: 'asked to' }, 'call_sdk_1');
      return textReply(`echo: ${text}`);
    },
  });
  const root = await tempDir('weft-ai-sdk-');
  const cwd = path.join(root, 'cwd');
  const codexHome = path.join(root, 'codex_home');
  for (const d of [cwd, codexHome]) await mkdir(d, { recursive: true });
  await writeFile(path.join(codexHome, 'config.toml'), `model = "mock-model"\nmodel_provider = "mock"\n${mockProviderTable(mock.url)}`);
  // HOME is the workspace's own: its code cache starts empty, so the second process reads what the first wrote.
  const env = { HOME: root, CODEX_HOME: codexHome, MOCK_API_KEY: 'k', SHELL: '/bin/bash', PATH: process.env.PATH ?? '/usr/bin:/bin' };
  return { cwd, env, mock };
}

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe('ai-sdk-provider-codex-cli against weft', () => {
  test('exec mode: a prompt, then a streamed one from a second process', { timeout: 60_000 }, async () => {
    const ws = await workspace();
    const provider = createCodexExec({ defaultSettings: { codexPath: BIN, env: ws.env, cwd: ws.cwd, skipGitRepoCheck: true, logger: quiet } });
    const first = await generateText({ model: provider('mock-model'), prompt: 'hello via exec' });
    expect(first.text).toContain('hello via exec');
    expect(first.usage).toMatchObject({ inputTokens: 1200, outputTokens: 40 });
    const stream = streamText({ model: provider('mock-model'), prompt: 'stream via exec' });
    let text = '';
    for await (const delta of stream.textStream) text += delta;
    expect(text).toContain('stream via exec');
    expect(await stream.finishReason).toBe('stop');
  });

  test('app-server mode: a prompt, an approved escalated command, a persistent thread, the model list', { timeout: 60_000 }, async () => {
    const ws = await workspace();
    const approvals: unknown[] = [];
    const provider = createCodexAppServer({
      defaultSettings: {
        codexPath: BIN,
        env: ws.env,
        cwd: ws.cwd,
        logger: quiet,
        serverRequests: {
          onCommandExecutionApproval: async (request) => {
            approvals.push(request.params.command);
            return { decision: 'accept' };
          },
        },
      },
    });
    try {
      const hello = await generateText({ model: provider('mock-model'), prompt: 'hello via app-server' });
      expect(hello.text).toContain('hello via app-server');
      expect(hello.finishReason).toBe('stop');

      expect(existsSync(path.join(ws.cwd, 'made-by-the-sdk'))).toBe(false);
      const ran = await generateText({ model: provider('mock-model', { approvalPolicy: 'on-request', sandboxPolicy: 'read-only' }), prompt: 'please run it' });
      expect(approvals).toEqual(['touch made-by-the-sdk']);
      expect(ran.text).toBe('The command ran.');
      expect(existsSync(path.join(ws.cwd, 'made-by-the-sdk'))).toBe(true);

      const persistent = provider('mock-model', { threadMode: 'persistent' });
      await generateText({ model: persistent, prompt: 'first turn' });
      const second = await generateText({ model: persistent, prompt: 'second turn' });
      // The second turn went to the same thread, as that turn's text alone.
      expect(second.text).toBe('echo: second turn');
      const requests = ws.mock.requests.slice(-2).map((r) => r.headers['thread-id'] ?? r.headers['session_id']);
      expect(requests[0]).toBeDefined();
      expect(requests[1]).toBe(requests[0]);

      const models = await provider.listModels();
      expect(models.models.length).toBeGreaterThan(0);
    } finally {
      await provider.close();
    }
  });
});
