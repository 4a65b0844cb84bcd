// `weft exec --json` of the installed package, one turn per way of reaching a model.
import { it, expect } from 'vitest';
import { startMockResponsesServer } from '../../../src/testing/index.js';
import { startMockWireServer } from '../../support/mock-wire-servers.js';
import { expectExecTurn } from '../support/expect-turn.js';
import { anthropicModel, chatModel, responsesModel } from '../support/model-turn.js';
import { runBin, workspace } from '../support/run-installed.js';
import type { Suite } from '../support/suite.js';

const EXEC = ['exec', '--json', '--skip-git-repo-check', 'run the check'];
// The generation is set: the default is about to change.
const BASE = 'compat = "codex-0.169"\nmodel = "gpt-5.5"\n';

export function execCases(suite: Suite): void {
  it('the built-in openai provider, moved with openai_base_url, speaks the Responses WebSocket', async () => {
    const mock = await startMockResponsesServer({ websocket: true, respond: responsesModel(true) });
    try {
      const ws = await workspace(suite.loadLog, `${BASE}openai_base_url = "${mock.url}"\n`);
      const ran = await runBin(suite.pkg().bin, EXEC, ws, { OPENAI_API_KEY: 'sk-artifact' });
      await expectExecTurn(ran, ws, mock.requests.map((r) => r.rawBody));
      const turnRequests = mock.requests.filter((r) => r.path.endsWith('/responses'));
      expect(turnRequests.length).toBeGreaterThan(0);
      expect(turnRequests.every((r) => r.transport === 'websocket')).toBe(true);
    } finally {
      await mock.close();
    }
  });

  it('the built-in openai provider, moved with OPENAI_BASE_URL to a server without the WebSocket, streams over HTTP', async () => {
    const mock = await startMockResponsesServer({ respond: responsesModel() });
    try {
      const ws = await workspace(suite.loadLog, BASE);
      const ran = await runBin(suite.pkg().bin, EXEC, ws, { OPENAI_API_KEY: 'sk-artifact', OPENAI_BASE_URL: mock.url });
      await expectExecTurn(ran, ws, mock.requests.map((r) => r.rawBody));
      expect(mock.requests.some((r) => r.path.endsWith('/responses') && r.transport === undefined)).toBe(true);
    } finally {
      await mock.close();
    }
  });

  it('a custom Responses provider', async () => {
    const mock = await startMockResponsesServer({ respond: responsesModel() });
    try {
      const provider = `model_provider = "local"\n[model_providers.local]\nname = "Local"\nbase_url = "${mock.url}"\nwire_api = "responses"\nenv_key = "LOCAL_KEY"\n`;
      const ws = await workspace(suite.loadLog, `${BASE}${provider}`);
      const ran = await runBin(suite.pkg().bin, EXEC, ws, { LOCAL_KEY: 'local-key' });
      await expectExecTurn(ran, ws, mock.requests.map((r) => r.rawBody));
      expect(mock.requests.find((r) => r.path.endsWith('/responses'))?.headers['authorization']).toBe('Bearer local-key');
    } finally {
      await mock.close();
    }
  });

  it('a provider of wire_api = "chat"', async () => {
    const mock = await startMockWireServer(chatModel);
    try {
      const provider = `model_provider = "local"\n[model_providers.local]\nname = "Local"\nbase_url = "${mock.url}"\nwire_api = "chat"\n`;
      const ws = await workspace(suite.loadLog, `${BASE}${provider}`);
      const ran = await runBin(suite.pkg().bin, EXEC, ws);
      await expectExecTurn(ran, ws, mock.requests.map((r) => r.rawBody));
    } finally {
      await mock.close();
    }
  });

  it('a provider of wire_api = "anthropic"', async () => {
    const mock = await startMockWireServer(anthropicModel);
    try {
      const provider = `model_provider = "claude"\n[model_providers.claude]\nname = "Claude"\nbase_url = "${mock.url}"\nwire_api = "anthropic"\nenv_key = "ANTHROPIC_API_KEY"\n`;
      const ws = await workspace(suite.loadLog, `${BASE}${provider}`);
      const ran = await runBin(suite.pkg().bin, EXEC, ws, { ANTHROPIC_API_KEY: 'sk-ant-artifact' });
      await expectExecTurn(ran, ws, mock.requests.map((r) => r.rawBody));
    } finally {
      await mock.close();
    }
  });
}
