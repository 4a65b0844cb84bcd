// The installed `weft app-server`, on stdio and on a WebSocket (`--listen ws://127.0.0.1:0`): one
// turn through JSON-RPC, the shell call accepted, the rollout written.
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { startMockResponsesServer } from '../../../src/testing/index.js';
import { expectRolloutOfTheTurn } from '../support/expect-turn.js';
import { TOOL_OUTPUT, responsesModel } from '../support/model-turn.js';
import { Rpc } from '../support/rpc.js';
import { startBin, workspace } from '../support/run-installed.js';
import type { Suite } from '../support/suite.js';

const BASE = 'compat = "codex-0.169"\nmodel = "gpt-5.5"\n';
const provider = (url: string): string => `model_provider = "local"\n[model_providers.local]\nname = "Local"\nbase_url = "${url}"\nwire_api = "responses"\n`;

export function appServerCases(suite: Suite): void {
  it('app-server on stdio runs a turn with a shell call', async () => {
    const mock = await startMockResponsesServer({ respond: responsesModel() });
    const ws = await workspace(suite.loadLog, `${BASE}${provider(mock.url)}`);
    const { child, done } = startBin(suite.pkg().bin, ['app-server'], ws);
    try {
      const rpc = new Rpc((text) => child.stdin?.write(`${text}\n`));
      if (child.stdout) createInterface({ input: child.stdout }).on('line', (line) => rpc.receive(line));
      const completed = await rpc.oneTurn(ws.cwd, 'run the check');
      expect((completed['turn'] as { status: string }).status).toBe('completed');
      expect(mock.requests.some((r) => r.rawBody.includes(TOOL_OUTPUT))).toBe(true);
      child.stdin?.end();
      expect((await done).code).toBe(0);
      await expectRolloutOfTheTurn(ws);
    } finally {
      child.kill();
      await mock.close();
    }
  });

  it('app-server --listen ws://127.0.0.1:0 runs a turn with a shell call', async () => {
    const mock = await startMockResponsesServer({ respond: responsesModel() });
    const ws = await workspace(suite.loadLog, `${BASE}${provider(mock.url)}`);
    const { child, done } = startBin(suite.pkg().bin, ['app-server', '--listen', 'ws://127.0.0.1:0'], ws);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let seen = '';
        child.stderr?.on('data', (d: Buffer) => {
          seen += d.toString();
          const found = /listening on (ws:\/\/\S+)/.exec(seen);
          if (found) resolve(found[1] as string);
        });
        child.once('close', () => reject(new Error(`app-server exited before listening: ${seen}`)));
      });
      const socket = new WebSocket(url);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const rpc = new Rpc((text) => socket.send(text));
      socket.on('message', (data) => rpc.receive(String(data)));
      const completed = await rpc.oneTurn(ws.cwd, 'run the check');
      expect((completed['turn'] as { status: string }).status).toBe('completed');
      expect(mock.requests.some((r) => r.rawBody.includes(TOOL_OUTPUT))).toBe(true);
      socket.close();
      await expectRolloutOfTheTurn(ws);
      child.kill('SIGTERM');
      const ran = await done;
      expect(ran.signal === 'SIGTERM' || ran.code === 0, `code ${ran.code} signal ${ran.signal}`).toBe(true);
    } finally {
      child.kill();
      await mock.close();
    }
  });
}
