// The real Codex 0.169 TUI as a client of weft's WebSocket app-server (`codex --remote ws://…`),
// run headless in a tmux pane: it starts, shows its composer with no error, runs a prompt whose
// answer streams in, asks the user to approve a command the model wants run outside the sandbox,
// runs it once approved and shows the model's last answer. A relay between the two records every
// message: each request the TUI sends gets an answer (an error at worst, never silence), and the
// ones it needs to work succeed. Runs only where the binary (`scripts/install-codex.sh 0.169.0`) and
// tmux are installed.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { functionCallReply, lastUserText, startMockResponsesServer, textReply, type MockServer } from '../../scripts/mock-responses-server.js';
import { serveWebSocket, type RunningWebSocketServer } from '../../src/app-server/websocket.js';
import { removeTempDirs, tempDir } from '../support/temp-tree.js';
import { findCodexBinary } from './codex-binary-driver.js';

const binary = findCodexBinary('0.169.0');
const tmux = ((): string | undefined => {
  try {
    return execFileSync('sh', ['-c', 'command -v tmux'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
})();
const run = promisify(execFile);
/** A tmux server of this test's own, so nothing else's sessions are touched. */
const SOCKET = `weft-tui-test-${process.pid}`;

type Frame = { id?: string | number; method?: string; result?: unknown; error?: { message: string } };

/** A WebSocket relay that records every frame each way. */
async function recordingRelay(target: string): Promise<{ url: string; fromClient: Frame[]; fromServer: Frame[]; close(): Promise<void> }> {
  const fromClient: Frame[] = [];
  const fromServer: Frame[] = [];
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  wss.on('connection', (client) => {
    const upstream = new WebSocket(target);
    const early: string[] = [];
    upstream.on('open', () => early.splice(0).forEach((m) => upstream.send(m)));
    client.on('message', (data) => {
      const text = data.toString();
      fromClient.push(JSON.parse(text) as Frame);
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else early.push(text);
    });
    upstream.on('message', (data) => {
      const text = data.toString();
      fromServer.push(JSON.parse(text) as Frame);
      client.send(text);
    });
    client.on('close', () => upstream.close());
    upstream.on('close', () => client.close());
  });
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    fromClient,
    fromServer,
    close: () => {
      for (const c of wss.clients) c.terminate();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}

async function pane(): Promise<string> {
  return (await run(tmux as string, ['-L', SOCKET, 'capture-pane', '-p', '-t', 'tui'])).stdout;
}

/** Waits until the pane shows `text` (the TUI redraws on its own schedule). */
async function paneShows(text: string, timeoutMs = 60_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const shown = await pane();
    if (shown.includes(text)) return shown;
    if (Date.now() > until) throw new Error(`the TUI never showed ${JSON.stringify(text)}; the pane:\n${shown}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function keys(...k: string[]): Promise<void> {
  await run(tmux as string, ['-L', SOCKET, 'send-keys', '-t', 'tui', ...k]);
}

/**
 * Types a prompt and sends it. The TUI reads a fast burst of keys as a paste, in which Enter is a
 * new line: Enter goes only once the composer shows the text.
 */
async function submit(prompt: string): Promise<void> {
  await keys('-l', prompt);
  await paneShows(`› ${prompt}`);
  await keys('Enter');
}

let mock: MockServer | undefined;
let server: RunningWebSocketServer | undefined;
let relay: Awaited<ReturnType<typeof recordingRelay>> | undefined;
afterEach(async () => {
  if (tmux) await run(tmux, ['-L', SOCKET, 'kill-server']).catch(() => undefined);
  await relay?.close();
  await server?.close();
  await mock?.close();
  relay = server = mock = undefined;
  await removeTempDirs();
});

/** Methods the TUI needs answered for its start, its first turn and its approval flow. */
const NEEDED = ['account/read', 'model/list', 'config/read', 'configRequirements/read', 'skills/list', 'thread/list', 'turn/start'];

describe.skipIf(!binary || !tmux)('the real Codex 0.169 TUI on weft’s WebSocket app-server', () => {
  test('starts clean, streams an answer, asks before an escalated command and runs it once approved', { timeout: 180_000 }, async () => {
    mock = await startMockResponsesServer({
      respond: (req) => {
        const input = (req.body as { input: Array<{ type?: string }> }).input;
        if (input[input.length - 1]?.type === 'function_call_output') return textReply('The file is made.');
        const text = lastUserText(req.body) ?? '';
        // The TUI also asks the model for a thread title, in a prompt of its own quoting the user's.
        if (text.startsWith('make the file')) {
          return functionCallReply('exec_command', { cmd: 'touch made-by-tui', sandbox_permissions: 'require_escalated', justification: 'create the file you asked for' }, 'call_tui_1');
        }
        return textReply(text.startsWith('say hello') ? 'Hello from the mock, through weft.' : 'A title');
      },
    });
    const root = await tempDir('weft-tui-');
    const [cwd, weftHome, codexHome, home] = ['cwd', 'weft-home', 'codex-home', 'home'].map((d) => path.join(root, d)) as [string, string, string, string];
    for (const d of [cwd, weftHome, codexHome, home]) await mkdir(d, { recursive: true });
    await writeFile(
      path.join(weftHome, 'config.toml'),
      `compat = "codex-0.169"\nmodel = "mock-model"\nmodel_provider = "mock"\n\n[model_providers.mock]\nname = "Mock"\nbase_url = "${mock.url}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n`,
    );
    server = await serveWebSocket({
      host: '127.0.0.1',
      port: 0,
      cwd,
      env: { HOME: home, CODEX_HOME: weftHome, MOCK_API_KEY: 'k', SHELL: '/bin/bash', PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    relay = await recordingRelay(server.url);
    // The TUI's own home is another one: everything it shows comes from weft.
    const env = `HOME=${home} CODEX_HOME=${codexHome} TERM=xterm-256color PATH=${process.env.PATH ?? '/usr/bin:/bin'}`;
    await run(tmux as string, ['-L', SOCKET, 'new-session', '-d', '-s', 'tui', '-x', '160', '-y', '45', '-c', cwd, `env ${env} ${binary as string} --remote ${relay.url}`]);

    let shown = await paneShows('Ask Codex to do anything');
    expect(shown).not.toMatch(/failed|not supported by weft/);

    await submit('say hello');
    await paneShows('Hello from the mock, through weft.');

    await submit('make the file');
    shown = await paneShows('Would you like to run the following command?');
    expect(shown).toContain('create the file you asked for');
    expect(existsSync(path.join(cwd, 'made-by-tui'))).toBe(false);
    await keys('y');
    shown = await paneShows('The file is made.');
    expect(existsSync(path.join(cwd, 'made-by-tui'))).toBe(true);
    expect(shown).not.toMatch(/failed|not supported by weft/);

    // Every request got an answer; the ones the TUI needs succeeded.
    const requests = relay.fromClient.filter((m) => m.method !== undefined && m.id !== undefined);
    const answers = new Map(relay.fromServer.filter((m) => m.method === undefined).map((m) => [m.id, m]));
    const unanswered = requests.filter((r) => !answers.has(r.id)).map((r) => r.method);
    expect(unanswered).toEqual([]);
    for (const method of NEEDED) {
      const asked = requests.filter((r) => r.method === method);
      expect(asked.length, `${method} asked`).toBeGreaterThan(0);
      for (const r of asked) expect(answers.get(r.id)?.error, `${method} ${JSON.stringify(r)}`).toBeUndefined();
    }
    expect(requests.some((r) => r.method === 'thread/start' && answers.get(r.id)?.error === undefined)).toBe(true);
    // The approval went to the TUI and came back accepted.
    const approval = relay.fromServer.find((m) => m.method === 'item/commandExecution/requestApproval');
    expect(approval).toBeDefined();
    expect(relay.fromClient.find((m) => m.id === approval?.id && m.method === undefined)?.result).toMatchObject({ decision: 'accept' });
  });
});
