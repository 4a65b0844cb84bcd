// A real MCP server (the SDK's streamable HTTP transport on 127.0.0.1) that requires a bearer token:
// weft reads the token from the variable `bearer_token_env_var` names and calls the tool end to end.
// Without the variable the server is a warning and the thread goes on without its tools.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, textReply } from '../../../scripts/mock-responses-server.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';
// @ts-expect-error -- a plain ESM fixture without type declarations
import { fixtureServer } from '../../support/mcp-fixture-server.mjs';
import { warningsOf } from '../../support/mcp-fixture.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

const TOKEN = 'test-token-1234';
let harness: ThreadHarness | undefined;
let server: http.Server | undefined;
const seenAuth: (string | undefined)[] = [];

afterEach(async () => {
  await harness?.close();
  harness = undefined;
  server?.closeAllConnections();
  server?.close();
  server = undefined;
  seenAuth.length = 0;
  await removeTempDirs();
});

async function startHttpServer(): Promise<string> {
  server = http.createServer(async (req, res) => {
    seenAuth.push(req.headers.authorization);
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401).end();
      return;
    }
    // Stateless: a fresh server and transport per request.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const mcp = (fixtureServer as () => { connect(t: unknown): Promise<void> })();
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

function config(url: string): string {
  return `compat = "codex-0.98"
sandbox_mode = "danger-full-access"
[mcp_servers.web]
url = "${url}"
bearer_token_env_var = "WEB_MCP_TOKEN"
`;
}

describe('an MCP server over streamable HTTP', () => {
  it('is called end to end with the bearer token from the environment', async () => {
    const url = await startHttpServer();
    harness = await threadHarness((_req, i) => (i === 0 ? functionCallReply('mcp__web__echo', { text: 'over http' }, 'call_1') : textReply('done')), config(url));
    const weft = await harness.open({ env: { PATH: process.env.PATH, HOME: harness.home, WEFT_HOME: harness.home, WEB_MCP_TOKEN: TOKEN } });
    const thread = await weft.startThread();
    const outcome = await thread.run('echo over http');
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed' });
    expect(seenAuth.length).toBeGreaterThan(0);
    expect(seenAuth.every((a) => a === `Bearer ${TOKEN}`)).toBe(true);
    const output = harness.input(1).find((item) => item['type'] === 'function_call_output');
    expect(output).toMatchObject({ call_id: 'call_1', output: '[{"type":"text","text":"echo: over http"}]' });
  });

  it('without the token variable: a warning, no tools from it, and the turn completes', async () => {
    const url = await startHttpServer();
    harness = await threadHarness(() => textReply('no tools needed'), config(url));
    const weft = await harness.open();
    const thread = await weft.startThread();
    const events: ThreadEvent[] = [];
    const outcome = await thread.run('hello', { onEvent: (e) => events.push(e) });
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'no tools needed' });
    expect(warningsOf(events)).toEqual([expect.stringContaining('WEB_MCP_TOKEN')]);
    const tools = ((harness.mock.requests[0]?.body as { tools: { name?: string }[] }).tools ?? []).map((t) => t.name);
    expect(tools.some((n) => n?.startsWith('mcp__web__'))).toBe(false);
  });
});
