// A web page in the user's browser must not drive `weft app-server --listen ws://127.0.0.1:PORT`:
// a session can write config.toml (add an MCP server: a program weft starts, unsandboxed). A real
// headless Chromium opens a page served on 127.0.0.1 that tries exactly that; the handshake carries
// the page's Origin and is refused, config.toml stays as it was. The same page succeeds once its
// origin is allowed (so the refusal is the server's, not the browser's). A DNS-rebinding page
// reaches 127.0.0.1 under its own name: that Host is refused unless allowed.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { serveWebSocket } from '../../src/app-server/websocket.js';
import { appServerWorkspace0169 } from '../support/appserver-workspace.js';
import { hasChromium, launchChromium } from '../support/chromium.js';
import { removeTempDirs } from '../support/temp-tree.js';
import { WsClient } from '../support/ws-client.js';

afterEach(removeTempDirs);

// The attack: open the socket named in the page's query, shake hands, add an MCP server that
// would run a command.
const ATTACK_PAGE = `<!doctype html><title>innocent</title><script>
window.outcome = new Promise((resolve) => {
  const got = [];
  const ws = new WebSocket(new URLSearchParams(location.search).get('ws'));
  ws.onopen = () => {
    ws.send(JSON.stringify({ id: 1, method: 'initialize', params: { clientInfo: { name: 'page', version: '1' } } }));
    ws.send(JSON.stringify({ method: 'initialized' }));
    ws.send(JSON.stringify({ id: 2, method: 'config/value/write', params: { keyPath: 'mcp_servers.pwned', value: { command: '/bin/sh', args: ['-c', 'id > /tmp/pwned'] }, mergeStrategy: 'upsert' } }));
  };
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    got.push(m);
    if (m.id === 2) resolve({ opened: true, got });
  };
  ws.onerror = () => resolve({ opened: false, got });
  ws.onclose = () => resolve({ opened: got.length > 0, got });
});
</script>`;

async function servePage(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(ATTACK_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Outcome {
  opened: boolean;
  got: Array<{ id?: number; result?: unknown; error?: unknown }>;
}

async function runPage(url: string): Promise<Outcome> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(url);
    return (await page.evaluate('window.outcome')) as Outcome;
  } finally {
    await browser.close();
  }
}

test.skipIf(!hasChromium)('a page in a real browser cannot open a session, nor write config.toml; allowed by --ws-allow-origin it can', async () => {
  const ws = await appServerWorkspace0169('http://127.0.0.1:9');
  const configPath = join(ws.codexHome, 'config.toml');
  const before = await readFile(configPath, 'utf8');
  const logged: string[] = [];
  const page = await servePage();
  const server = await serveWebSocket({ ...ws.options, host: '127.0.0.1', port: 0, log: (m) => logged.push(m) });
  try {
    const refused = await runPage(`${page.origin}/?ws=${encodeURIComponent(server.url)}`);
    expect(refused.opened).toBe(false);
    expect(refused.got).toEqual([]);
    expect(await readFile(configPath, 'utf8')).toBe(before);
    expect(logged.join('\n')).toMatch(/refused a connection: origin "http:\/\/127\.0\.0\.1:\d+" is not allowed/);
  } finally {
    await server.close();
  }
  // The same page with its origin allowed: the browser connects and the write lands (the control).
  const allowing = await serveWebSocket({ ...ws.options, host: '127.0.0.1', port: 0, allowedOrigins: [page.origin] });
  try {
    const accepted = await runPage(`${page.origin}/?ws=${encodeURIComponent(allowing.url)}`);
    expect(accepted.opened).toBe(true);
    expect(accepted.got.find((m) => m.id === 2)?.result).toBeDefined();
    expect(await readFile(configPath, 'utf8')).toMatch(/pwned = /);
  } finally {
    await allowing.close();
    page.server.close();
  }
}, 60_000);

test('a DNS-rebinding Host is refused; loopback names, the bound address and allowed names are accepted', async () => {
  const ws = await appServerWorkspace0169('http://127.0.0.1:9');
  const server = await serveWebSocket({ ...ws.options, host: '127.0.0.1', port: 0, allowedHosts: ['weft.internal'] });
  const port = new URL(server.url).port;
  try {
    for (const host of [`rebind.attacker.example:${port}`, `127.0.0.1.attacker.example:${port}`, `localhost.attacker.example`, 'bad host']) {
      await expect(WsClient.connect(server.url, { Host: host }), host).rejects.toThrow(/403/);
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `weft.internal:${port}`, `WEFT.INTERNAL`]) {
      const c = await WsClient.connect(server.url, { Host: host });
      await c.initialize();
      await c.close();
    }
    // A script outside the browser that sends an Origin is treated as a page too.
    await expect(WsClient.connect(server.url, { Origin: 'http://localhost:3000' })).rejects.toThrow(/403/);
  } finally {
    await server.close();
  }
});
