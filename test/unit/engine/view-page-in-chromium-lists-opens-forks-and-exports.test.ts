// `weft view` in a real headless Chromium: the printed URL opens the list of the home's threads; a
// thread's page shows each request's composition and cache-stable prefix with the API's figures;
// "Fork here" on the second user message makes a fork that the list shows at once; the page follows a
// thread that grows elsewhere; the exported HTML opens with no network request and shows every
// prompt. Screenshots are kept under test-artifacts/.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import { ARTIFACTS, hasChromium, launchChromium } from '../../support/chromium.js';
import { FORK_PROMPT, makeViewThreads, PROMPTS, type ViewThreads } from '../../support/view-threads.js';

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));
const shot = (name: string) => fileURLToPath(new URL(name, ARTIFACTS));

interface ApiRequest {
  index: number;
  totalBytes: number;
  stablePrefixBytes: number;
  sections: Array<{ name: string; tokens: number; bytes: number }>;
}

describe.skipIf(!hasChromium)('weft view in Chromium', () => {
  let threads: ViewThreads;
  let server: ChildProcessWithoutNullStreams;
  let url: string;
  let browser: BrowserContext;
  let page: Page;
  const env = () => ({ PATH: process.env.PATH, HOME: threads.harness.home, WEFT_HOME: threads.harness.home });

  beforeAll(async () => {
    threads = await makeViewThreads('codex-0.98');
    server = spawn(process.execPath, [BIN, 'view', '--home', threads.harness.home], { env: env() });
    const first = createInterface({ input: server.stdout });
    [url] = (await once(first, 'line')) as [string];
    first.close();
    browser = await launchChromium();
    page = await browser.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.kill('SIGTERM');
    if (server) await once(server, 'exit');
    await threads?.harness.close();
  });

  const api = async <T>(path: string): Promise<T> => {
    const token = new URL(url).searchParams.get('token') as string;
    const r = await fetch(new URL(path, url), { headers: { cookie: `weft_view_token=${token}` } });
    return (await r.json()) as T;
  };

  it('prints a URL with a token, on 127.0.0.1, and refuses the API without the token', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/);
    const bare = await fetch(new URL('/api/threads', url));
    expect(bare.status).toBe(401);
    const bad = await api<{ error?: string }>('/api/threads/..%2F..%2Fetc%2Fpasswd');
    expect(bad.error).toBe('no such thread');
  });

  it('lists the threads, opens one and shows the API figures for composition and stable prefix', async () => {
    await page.goto(url);
    await page.locator('[data-testid=thread-row]').nth(1).waitFor();
    expect(await page.locator('[data-testid=thread-row]').count()).toBe(2);
    await page.screenshot({ path: shot('view-list.png'), fullPage: true });

    await page.locator(`[data-testid=thread-row][data-id="${threads.mainId}"]`).click();
    await page.locator('[data-testid=request-card]').first().waitFor();
    const { requests } = await api<{ requests: ApiRequest[] }>(`/api/threads/${threads.mainId}/requests`);
    expect(await page.locator('[data-testid=request-card]').count()).toBe(requests.length);
    for (const r of requests) {
      const card = page.locator(`[data-testid=request-card][data-index="${r.index}"]`);
      for (const s of r.sections) {
        const row = card.locator(`[data-testid=composition-table] tr[data-section="${s.name}"] td`);
        expect(await row.nth(1).textContent()).toBe(s.tokens.toLocaleString('en-US'));
        expect(await row.nth(3).textContent()).toBe(`${((100 * s.bytes) / r.totalBytes).toFixed(1)}%`);
      }
      if (r.index > 0) {
        const share = ((100 * r.stablePrefixBytes) / r.totalBytes).toFixed(1);
        expect(await card.locator('[data-testid=stable-prefix]').getAttribute('data-share')).toBe(share);
        expect(await card.locator('[data-testid=stable-prefix]').textContent()).toContain(`${share}%`);
      }
    }
    // Within a turn, the follow-up request after the tool call reuses almost all of the previous one.
    const afterTool = requests[2] as ApiRequest;
    expect(afterTool.stablePrefixBytes / afterTool.totalBytes).toBeGreaterThan(0.8);
    await page.locator('[data-testid=request-card][data-index="2"] details summary').first().click();
    await page.locator('[data-testid=request-card][data-index="2"] [data-testid=request-body]').filter({ hasText: '"prompt_cache_key"' }).waitFor();
    await page.screenshot({ path: shot('view-thread.png'), fullPage: false });
    await page.screenshot({ path: shot('view-thread-full.png'), fullPage: true });
  });

  it('forks from the second user message and shows the fork in the list at once', async () => {
    const before = await page.locator('[data-testid=thread-row]').count();
    await page.locator('[data-testid=fork-here][data-user-index="1"]').first().click();
    await page.locator('[data-testid=thread-row]').nth(before).waitFor();
    const ids = await page.locator('[data-testid=thread-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));
    const fresh = ids.filter((id) => id !== threads.mainId && id !== threads.forkId);
    expect(fresh).toHaveLength(1);
    const forked = await api<{ thread: { forkedFromId?: string; items: Array<{ kind: string; text: string }> } }>(`/api/threads/${fresh[0]}`);
    expect(forked.thread.forkedFromId).toBe(threads.mainId);
    // Cut before the second user message: only the first prompt is kept.
    expect(forked.thread.items.filter((i) => i.kind === 'user').map((i) => i.text)).toEqual([PROMPTS[0]]);
    await page.screenshot({ path: shot('view-after-fork.png'), fullPage: true });
  });

  it('updates a thread page while the thread runs elsewhere', async () => {
    await page.goto(`${url}#/thread/${threads.forkId}`);
    await page.locator('[data-testid=request-card]').first().waitFor();
    const cards = await page.locator('[data-testid=request-card]').count();
    const weft = await Weft.open({ env: env(), cwd: threads.harness.cwd });
    const thread = await weft.resumeThread(threads.forkId);
    await thread.run('A live prompt from another process.');
    await thread.close();
    await page.locator('[data-testid=item-user]').filter({ hasText: 'A live prompt from another process.' }).waitFor();
    await page.locator('[data-testid=request-card]').nth(cards).waitFor();
  });

  it('exports one HTML file that opens with no network request and shows every prompt', async () => {
    const out = shot('export.html');
    const exported = spawn(process.execPath, [BIN, 'thread', 'export', threads.mainId, '--html', '-o', out], { env: env() });
    const [code] = (await once(exported, 'exit')) as [number];
    expect(code).toBe(0);
    const viewer = await browser.newPage();
    const requested: string[] = [];
    viewer.on('request', (r) => requested.push(r.url()));
    await viewer.goto(`file://${out}`);
    await viewer.locator('[data-testid=request-card]').first().waitFor();
    expect(requested).toEqual([`file://${out}`]);
    const text = await viewer.locator('[data-testid=turns]').textContent();
    for (const prompt of PROMPTS) expect(text).toContain(prompt);
    expect(text).not.toContain(FORK_PROMPT);
    await viewer.locator('[data-testid=request-card][data-index="1"] details summary').first().click();
    await viewer.locator('[data-testid=request-card][data-index="1"] [data-testid=request-body]').filter({ hasText: '"input"' }).waitFor();
    await viewer.screenshot({ path: shot('view-export.png') });
    await viewer.close();
  });
});
