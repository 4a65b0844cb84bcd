// `weft app-server --listen ws://…`: a real WebSocket server on 127.0.0.1. Each connection is its own
// session (its own handshake and threads); two run a turn each at the same time; a thousand
// malformed frames are each answered with a JSON-RPC error and the server goes on serving. Off
// loopback, the server refuses to start without a token, and with one refuses clients without it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { serveWebSocket } from '../../../src/app-server/websocket.js';
import { conformanceRoot } from '../../conformance/scenario.js';
import { startAppServerMock } from '../../support/appserver-mock.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { WsClient } from '../../support/ws-client.js';

afterEach(removeTempDirs);

const PACK_0169 = join(conformanceRoot(), 'codex-0.169', 'pack');

test.skipIf(!existsSync(PACK_0169))('two WebSocket sessions run a turn each; 1,000 malformed frames get errors and the server stays up', async () => {
  const mock = await startAppServerMock();
  const ws = await appServerWorkspace(mock.url);
  const server = await serveWebSocket({ ...ws.options, runtime: { packDir: PACK_0169, compat: 'codex-0.169' }, host: '127.0.0.1', port: 0 });
  const clients = [await WsClient.connect(server.url), await WsClient.connect(server.url)];
  try {
    expect(server.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    for (const c of clients) await c.initialize();
    const ids: string[] = [];
    for (const c of clients) ids.push(((await c.request('thread/start', { cwd: ws.cwd })).result as { thread: { id: string } }).thread.id);
    expect(new Set(ids).size).toBe(2);
    // Both turns at once, one per connection.
    const turns = await Promise.all(
      clients.map(async (c, i) => {
        const at = c.received.length;
        const r = await c.request('turn/start', { threadId: ids[i], input: [{ type: 'text', text: `hello from connection ${i}` }] });
        const turnId = (r.result as { turn: { id: string } }).turn.id;
        return c.until((m) => m.method === 'turn/completed' && (m.params as { turn: { id: string } }).turn.id === turnId, at);
      }),
    );
    for (const t of turns) expect((t.params as { turn: { status: string } }).turn.status).toBe('completed');
    // Each session sees only its own thread, and never the other connection's notifications.
    for (const [i, c] of clients.entries()) {
      expect((await c.request('thread/loaded/list', {})).result).toMatchObject({ data: [ids[i]] });
      const foreign = c.received.filter((m) => (m.params as { threadId?: string } | undefined)?.threadId === ids[1 - i]);
      expect(foreign).toEqual([]);
    }

    const [bad, other] = clients as [WsClient, WsClient];
    const before = bad.received.length;
    const frames = ['{', 'not json', '[1,2]', '42', '{"hello":"world"}', '{"id":{},"method":"x"}', '\u0000\u0001', '{"method":7}'];
    for (let i = 0; i < 1000; i++) bad.send(frames[i % frames.length] as string);
    await bad.untilCount(before + 1000);
    const answers = bad.received.slice(before);
    expect(answers).toHaveLength(1000);
    for (const a of answers) expect([-32700, -32600]).toContain((a.error as { code: number }).code);
    // Still serving: both sessions answer.
    expect((await bad.request('thread/loaded/list', {})).result).toMatchObject({ data: [ids[0]] });
    expect((await other.request('thread/read', { threadId: ids[1] })).result).toMatchObject({ thread: { id: ids[1] } });
    expect(server.sessions).toBe(2);
  } finally {
    for (const c of clients) await c.close();
    await server.close();
    await mock.close();
  }
}, 60_000);

test('off loopback, a token is required to start, and clients without it are turned away', async () => {
  const ws = await appServerWorkspace('http://127.0.0.1:9');
  await expect(serveWebSocket({ ...ws.options, host: '0.0.0.0', port: 0 })).rejects.toThrow(/--ws-token/);
  const server = await serveWebSocket({ ...ws.options, host: '127.0.0.1', port: 0, token: 's3cret' });
  try {
    await expect(WsClient.connect(server.url)).rejects.toThrow(/401/);
    const ok = await WsClient.connect(server.url, { Authorization: 'Bearer s3cret' });
    await ok.initialize();
    await ok.close();
  } finally {
    await server.close();
  }
});
