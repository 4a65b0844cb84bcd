// `weft thread export <id> --html`: the thread page as one file that needs no server and no network,
// with every request body in it (the thread and its bodies, as the live API gives them).
import { exportPageHtml } from './page-html.js';
import type { ViewApi } from './view-api.js';

export async function exportThreadHtml(api: ViewApi, id: string): Promise<string | undefined> {
  const page = await api.thread(id);
  const requests = await api.requests(id);
  if (page.status !== 200 || requests.status !== 200) return undefined;
  const thread = (page.json as { thread: Record<string, unknown> }).thread;
  const full = { ...thread, requests: (requests.json as { requests: unknown[] }).requests };
  const { items: _items, requests: _requests, ...summary } = thread;
  const title = `weft thread ${id}`;
  return exportPageHtml(title, { threads: [summary], pages: { [id]: full } });
}
