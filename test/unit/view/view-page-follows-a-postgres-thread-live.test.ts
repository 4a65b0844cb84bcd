// `weft view` on a Postgres thread store follows a thread as it grows: the thread's event stream
// sends `changed` once a turn run by another Weft (another connection, as another process would be)
// commits lines — the store's appends NOTIFY and the viewer LISTENs — and a thread page in a real
// headless Chromium shows the new turn without a reload, as it does on files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import type { Weft } from '../../../src/engine/weft.js';
import { startViewServer, type ViewServer } from '../../../src/view/view-server.js';
import { viewApiFor } from '../../../src/view/view-session.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { startPostgresCluster, type PostgresCluster } from '../../support/postgres-cluster.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let cluster: PostgresCluster;
let h: ThreadHarness;
let viewer: Weft;
let server: ViewServer;
let threadId: string;
let dbUrl: string;
const open = () => h.open({ env: { PATH: process.env.PATH, HOME: h.home, WEFT_HOME: h.home, SHELL: '/bin/bash', WEFT_THREAD_STORE: dbUrl } });

beforeAll(async () => {
  cluster = await startPostgresCluster();
  dbUrl = await cluster.freshDatabase();
  h = await threadHarness(() => textReply('ok'));
  const writer = await open();
  const thread = await writer.startThread();
  await thread.run('the first prompt');
  await thread.close();
  await writer.store.close();
  threadId = thread.id;
  viewer = await open();
  expect(viewer.store.kind).toBe('postgres');
  server = await startViewServer(viewApiFor(viewer), { host: '127.0.0.1', port: 0 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await viewer?.store.close();
  await h?.close();
  await cluster?.stop();
  await removeTempDirs();
});

/** A turn run on the thread by a Weft of its own (its own pool), as another process would run it. */
async function turnElsewhere(text: string): Promise<void> {
  const other = await open();
  try {
    const thread = await other.resumeThread(threadId);
    await thread.run(text);
    await thread.close();
  } finally {
    await other.store.close();
  }
}

/** Reads server-sent events until `event` arrives. */
async function until(body: ReadableStream<Uint8Array>, event: string): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the event stream ended before "${event}" (got ${JSON.stringify(text)})`);
      text += decoder.decode(value, { stream: true });
      if (text.includes(`event: ${event}\n`)) return;
    }
  } finally {
    reader.releaseLock();
  }
}

describe('weft view on a Postgres store', () => {
  it("sends `changed` on a thread's event stream when another connection commits a turn", async () => {
    const token = server.token;
    const res = await fetch(new URL(`/api/threads/${threadId}/events`, server.url), { headers: { cookie: `weft_view_token=${token}` } });
    expect(res.status).toBe(200);
    const body = res.body as ReadableStream<Uint8Array>;
    await until(body, 'ready');
    const changed = until(body, 'changed');
    await turnElsewhere('a second prompt');
    await changed;
    await body.cancel();
    const page = await fetch(new URL(`/api/threads/${threadId}`, server.url), { headers: { cookie: `weft_view_token=${token}` } });
    const json = (await page.json()) as { thread: { items: Array<{ kind: string; text: string }> } };
    expect(json.thread.items.filter((i) => i.kind === 'user').map((i) => i.text)).toEqual(['the first prompt', 'a second prompt']);
  }, 60_000);

  it.skipIf(!hasChromium)('updates an open thread page in Chromium while the thread runs elsewhere', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}#/thread/${threadId}`);
      await page.locator('[data-testid=request-card]').first().waitFor();
      const cards = await page.locator('[data-testid=request-card]').count();
      await turnElsewhere('A live prompt on Postgres.');
      await page.locator('[data-testid=item-user]').filter({ hasText: 'A live prompt on Postgres.' }).waitFor();
      await page.locator('[data-testid=request-card]').nth(cards).waitFor();
    } finally {
      await browser.close();
    }
  }, 90_000);
});
