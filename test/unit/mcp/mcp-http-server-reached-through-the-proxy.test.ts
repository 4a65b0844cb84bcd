// An MCP server over streamable HTTP at a host only the environment's proxy resolves: weft's MCP
// requests go through HTTP_PROXY (net/net-fetch.ts, undici's ProxyAgent) and the tool is called end
// to end, while NO_PROXY keeps the model's requests to 127.0.0.1 direct.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, expect, it } from 'vitest';
import { functionCallReply, textReply } from '../../../scripts/mock-responses-server.js';
// @ts-expect-error -- a plain ESM fixture without type declarations
import { fixtureServer } from '../../support/mcp-fixture-server.mjs';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { startTestProxy, type TestProxy } from '../../support/test-proxy.js';

let harness: ThreadHarness | undefined;
let server: http.Server | undefined;
let proxy: TestProxy | undefined;
const saved = { HTTP_PROXY: process.env['HTTP_PROXY'], NO_PROXY: process.env['NO_PROXY'] };

afterEach(async () => {
  await harness?.close();
  server?.closeAllConnections();
  server?.close();
  await proxy?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await removeTempDirs();
});

it('calls the tool of an MCP server that only the proxy can reach', async () => {
  server = http.createServer(async (req, res) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await (fixtureServer as () => { connect(t: unknown): Promise<void> })().connect(transport);
    await transport.handleRequest(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  proxy = await startTestProxy({ 'mcp.invalid': port });
  process.env['HTTP_PROXY'] = proxy.url;
  process.env['NO_PROXY'] = '127.0.0.1';
  harness = await threadHarness(
    (_req, i) => (i === 0 ? functionCallReply('mcp__web__echo', { text: 'via the proxy' }, 'call_1') : textReply('done')),
    `compat = "codex-0.98"\nsandbox_mode = "danger-full-access"\n[mcp_servers.web]\nurl = "http://mcp.invalid:${port}/mcp"\n`,
  );
  const weft = await harness.open();
  const thread = await weft.startThread();
  const outcome = await thread.run('echo via the proxy');
  await thread.close();
  expect(outcome).toMatchObject({ status: 'completed' });
  expect(harness.input(1).find((item) => item['type'] === 'function_call_output')).toMatchObject({
    call_id: 'call_1',
    output: '[{"type":"text","text":"echo: via the proxy"}]',
  });
  expect(proxy.targets.length).toBeGreaterThan(0);
  expect(proxy.targets.every((t) => t === `mcp.invalid:${port}`)).toBe(true);
});
