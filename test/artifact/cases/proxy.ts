// The installed `weft exec` behind HTTP_PROXY: a provider host that only the proxy resolves is
// reached through it (the WebSocket by a CONNECT tunnel, HTTP requests forwarded), NO_PROXY sends a
// host direct, and a proxy that never answers ends the turn on SIGTERM instead of holding it.
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { expect, it } from 'vitest';
import { startMockResponsesServer } from '../../../src/testing/index.js';
import { startMockWireServer } from '../../support/mock-wire-servers.js';
import { startTestProxy } from '../../support/test-proxy.js';
import { expectExecTurn } from '../support/expect-turn.js';
import { chatModel, responsesModel } from '../support/model-turn.js';
import { runBin, startBin, workspace } from '../support/run-installed.js';
import type { Suite } from '../support/suite.js';

const EXEC = ['exec', '--json', '--skip-git-repo-check', 'run the check'];
const BASE = 'compat = "codex-0.169"\nmodel = "gpt-5.5"\n';
/** A name no resolver knows: only the test proxy maps it to the mock. */
const HIDDEN_HOST = 'model.artifact.invalid';
const portOf = (url: string): number => Number(new URL(url).port);
const hidden = (url: string): string => url.replace('127.0.0.1', HIDDEN_HOST);

export function proxyCases(suite: Suite): void {
  it('HTTP_PROXY carries the built-in provider\'s WebSocket to a host only the proxy resolves', async () => {
    const mock = await startMockResponsesServer({ websocket: true, respond: responsesModel() });
    const proxy = await startTestProxy({ [HIDDEN_HOST]: portOf(mock.url) });
    try {
      const ws = await workspace(suite.loadLog, `${BASE}openai_base_url = "${hidden(mock.url)}"\n`);
      const ran = await runBin(suite.pkg().bin, EXEC, ws, { OPENAI_API_KEY: 'sk-artifact', HTTP_PROXY: proxy.url });
      await expectExecTurn(ran, ws, mock.requests.map((r) => r.rawBody));
      expect(mock.requests.some((r) => r.transport === 'websocket')).toBe(true);
      expect(proxy.targets).toContain(`${HIDDEN_HOST}:${portOf(mock.url)}`);
    } finally {
      await proxy.close();
      await mock.close();
    }
  });

  it('http_proxy carries a custom Responses provider\'s HTTP requests, and a chat provider\'s', async () => {
    const responses = await startMockResponsesServer({ respond: responsesModel() });
    const chat = await startMockWireServer(chatModel);
    const proxy = await startTestProxy({ [HIDDEN_HOST]: portOf(responses.url), 'chat.artifact.invalid': portOf(chat.url) });
    try {
      const viaResponses = await workspace(
        suite.loadLog,
        `${BASE}model_provider = "local"\n[model_providers.local]\nname = "Local"\nbase_url = "${hidden(responses.url)}"\nwire_api = "responses"\n`,
      );
      const ran = await runBin(suite.pkg().bin, EXEC, viaResponses, { http_proxy: proxy.url });
      await expectExecTurn(ran, viaResponses, responses.requests.map((r) => r.rawBody));
      const viaChat = await workspace(
        suite.loadLog,
        `${BASE}model_provider = "local"\n[model_providers.local]\nname = "Local"\nbase_url = "${chat.url.replace('127.0.0.1', 'chat.artifact.invalid')}"\nwire_api = "chat"\n`,
      );
      const chatRan = await runBin(suite.pkg().bin, EXEC, viaChat, { http_proxy: proxy.url });
      await expectExecTurn(chatRan, viaChat, chat.requests.map((r) => r.rawBody));
      expect(proxy.targets).toContain(`${HIDDEN_HOST}:${portOf(responses.url)}`);
      expect(proxy.targets).toContain(`chat.artifact.invalid:${portOf(chat.url)}`);
    } finally {
      await proxy.close();
      await chat.close();
      await responses.close();
    }
  });

  it('HTTP_PROXY carries codex-0.98\'s model catalog request and its turn', async () => {
    const mock = await startMockResponsesServer({ respond: responsesModel() });
    const proxy = await startTestProxy({ [HIDDEN_HOST]: portOf(mock.url) });
    try {
      const ws = await workspace(suite.loadLog, `compat = "codex-0.98"\nmodel = "gpt-5.5"\nopenai_base_url = "${hidden(mock.url)}"\n`);
      const ran = await runBin(suite.pkg().bin, EXEC, ws, { OPENAI_API_KEY: 'sk-artifact', HTTP_PROXY: proxy.url });
      await expectExecTurn(ran, ws, mock.requests.map((r) => r.rawBody));
      expect(mock.requests.some((r) => r.method === 'GET' && r.path.endsWith('/models'))).toBe(true);
      expect(proxy.targets.every((t) => t === `${HIDDEN_HOST}:${portOf(mock.url)}`)).toBe(true);
    } finally {
      await proxy.close();
      await mock.close();
    }
  });

  it('NO_PROXY naming the provider\'s host sends every request direct', async () => {
    const mock = await startMockResponsesServer({ websocket: true, respond: responsesModel() });
    const proxy = await startTestProxy();
    try {
      const ws = await workspace(suite.loadLog, `${BASE}openai_base_url = "${mock.url}"\n`);
      const ran = await runBin(suite.pkg().bin, EXEC, ws, { OPENAI_API_KEY: 'sk-artifact', HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' });
      await expectExecTurn(ran, ws, mock.requests.map((r) => r.rawBody));
      expect(proxy.targets).toEqual([]);
    } finally {
      await proxy.close();
      await mock.close();
    }
  });

  it('a proxy that never answers does not hold the turn past SIGTERM', async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const proxyUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const ws = await workspace(suite.loadLog, `${BASE}openai_base_url = "http://${HIDDEN_HOST}:9/v1"\n`);
      const { child, done } = startBin(suite.pkg().bin, EXEC, ws, { OPENAI_API_KEY: 'sk-artifact', HTTP_PROXY: proxyUrl });
      child.stdin?.end();
      await once(silent, 'connection');
      child.kill('SIGTERM');
      const ran = await done;
      // Ended by the signal itself, or by weft on its behalf: never the suite's SIGKILL.
      expect(ran.signal === 'SIGTERM' || (ran.code !== null && ran.code !== 0), `code ${ran.code} signal ${ran.signal}`).toBe(true);
    } finally {
      for (const s of held) s.destroy();
      silent.close();
    }
  });
}
