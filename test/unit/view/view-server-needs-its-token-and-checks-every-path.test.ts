// `weft view`'s server is safe by default: without the per-run token nothing is served, the first
// page load turns the token into an HttpOnly SameSite cookie, a foreign Host header is refused (DNS
// rebinding), and no thread id reaches the file system unless the listing has it.
import { FileThreadStore } from '../../../src/rollout/store/file-thread-store.js';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRuntime } from '../../../src/engine/runtime.js';
import { KitShelf } from '../../../src/view/render-kit.js';
import { ThreadCatalog } from '../../../src/view/thread-catalog.js';
import { ViewApi } from '../../../src/view/view-api.js';
import { startViewServer, type ViewServer } from '../../../src/view/view-server.js';
import { tempDir } from '../../support/temp-tree.js';

let server: ViewServer;
const forks: Array<[string, number]> = [];

beforeAll(async () => {
  const home = await tempDir('weft-view-home-');
  const rt = await loadRuntime({ env: { HOME: home, WEFT_HOME: home } });
  const api = new ViewApi(new ThreadCatalog(new FileThreadStore(home)), new KitShelf(rt), async (id, at) => {
    forks.push([id, at]);
    return id;
  });
  server = await startViewServer(api, { host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

function get(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('weft view server', () => {
  it('serves nothing without the token', async () => {
    expect((await get('/')).status).toBe(401);
    expect((await get('/api/threads')).status).toBe(401);
    expect((await get('/api/threads', { cookie: 'weft_view_token=wrong' })).status).toBe(401);
  });

  it('turns the token of the printed URL into a strict cookie, which then serves the API', async () => {
    const page = await get(`/?token=${server.token}`);
    expect(page.status).toBe(200);
    expect(String(page.headers['set-cookie'])).toMatch(/weft_view_token=[\w-]+; HttpOnly; SameSite=Strict/);
    const list = await get('/api/threads', { cookie: `weft_view_token=${server.token}` });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.text)).toEqual({ threads: [] });
  });

  it('refuses a Host it does not serve', async () => {
    expect((await get(`/api/threads?token=${server.token}`, { host: 'evil.example:80' })).status).toBe(421);
  });

  it('answers 404 for ids that are not listed threads, whatever they look like', async () => {
    const auth = { cookie: `weft_view_token=${server.token}` };
    for (const id of ['..%2F..%2Fetc%2Fpasswd', '019a0000-0000-7000-8000-000000000000', 'x'.repeat(300)]) {
      expect((await get(`/api/threads/${id}`, auth)).status).toBe(404);
      expect((await get(`/api/threads/${id}/requests`, auth)).status).toBe(404);
      expect((await get(`/api/threads/${id}/events`, auth)).status).toBe(404);
    }
    const fork = await get('/api/threads/019a0000-0000-7000-8000-000000000000/fork', { ...auth, 'content-type': 'application/json' }, 'POST', '{"at":0}');
    expect(fork.status).toBe(404);
    const bad = await get('/api/threads/019a0000-0000-7000-8000-000000000000/fork', { ...auth, 'content-type': 'application/json' }, 'POST', '{"at":-1}');
    expect(bad.status).toBe(400);
    expect(forks).toEqual([]);
  });
});
