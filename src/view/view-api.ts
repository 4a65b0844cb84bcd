// The viewer's JSON API, apart from HTTP: each route is a function of the parsed request. Thread ids
// are checked against the listing before anything is read (ThreadCatalog.pathOf); loaded threads are
// cached by file size and mtime, so a page reload or a live update reads a file once per change.
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { errorMessage } from '../errors.js';
import { bodyJson, loadThread, type LoadedThread, type RequestSummary } from './thread-model.js';
import type { KitShelf } from './render-kit.js';
import type { ThreadCatalog, ThreadSummary } from './thread-catalog.js';
import { lazySchema } from '../../protocol/lazy-schema.js';

export interface ApiReply {
  readonly status: number;
  readonly json: unknown;
}

/** Forks thread `id` before its `at`-th user message (0-based); the new thread's id. */
export type ForkFn = (id: string, at: number) => Promise<string>;

export const ForkRequest = lazySchema(() => z.object({ at: z.number().int().nonnegative() }).strict());

const notFound = (what: string): ApiReply => ({ status: 404, json: { error: `no such ${what}` } });

function matches(t: ThreadSummary, q: string): boolean {
  const needle = q.toLowerCase();
  return [t.id, t.name ?? '', t.cwd, t.firstPrompt].some((s) => s.toLowerCase().includes(needle));
}

export interface RequestWithBody extends RequestSummary {
  readonly body: unknown;
}

export class ViewApi {
  readonly #threads = new Map<string, { size: number; mtimeMs: number; thread: LoadedThread }>();

  constructor(
    readonly catalog: ThreadCatalog,
    private readonly kits: KitShelf,
    private readonly forkFn: ForkFn,
  ) {}

  async threads(q: string | null): Promise<ApiReply> {
    const all = await this.catalog.list();
    return { status: 200, json: { threads: q ? all.filter((t) => matches(t, q)) : all } };
  }

  /** The loaded thread, or undefined when the id is not a listed thread. */
  async load(id: string): Promise<LoadedThread | undefined> {
    const path = await this.catalog.pathOf(id);
    if (path === undefined) return undefined;
    const st = await stat(await this.catalog.store.localCopy(path));
    const cached = this.#threads.get(path);
    if (cached && cached.size === st.size && cached.mtimeMs === st.mtimeMs) return cached.thread;
    const thread = await loadThread(path, this.catalog.store, this.kits);
    this.#threads.set(path, { size: st.size, mtimeMs: st.mtimeMs, thread });
    return thread;
  }

  /** The thread page; with `lastTurns`, only the items and requests of its last turns (a long thread's page opens fast). */
  async thread(id: string, lastTurns?: number): Promise<ApiReply> {
    const thread = await this.load(id);
    if (!thread) return notFound('thread');
    const summary = (await this.catalog.list()).find((t) => t.id === id);
    const turnCount = thread.turnCount;
    const fromTurn = lastTurns === undefined ? 1 : Math.max(1, turnCount - lastTurns + 1);
    // Only what the page shows is worked out: a long thread's earlier turns cost nothing until asked for.
    const items = thread.itemsFrom(fromTurn);
    const requests = thread.requestsFrom(fromTurn);
    return {
      status: 200,
      json: { thread: { ...summary, id, generation: thread.generation, exact: thread.exact, turnCount, fromTurn, requestCount: thread.requestCount, items, requests } },
    };
  }

  async requests(id: string, from = 0, limit = Number.POSITIVE_INFINITY): Promise<ApiReply> {
    const thread = await this.load(id);
    if (!thread) return notFound('thread');
    const list = thread.requestRange(from, limit).map((r) => withBody(thread, r));
    return { status: 200, json: { requests: list } };
  }

  async request(id: string, index: number): Promise<ApiReply> {
    const thread = await this.load(id);
    const summary = thread && index >= 0 ? thread.requestRange(index, 1)[0] : undefined;
    if (!thread || !summary) return notFound('request');
    return { status: 200, json: { request: withBody(thread, summary) } };
  }

  async fork(id: string, input: unknown): Promise<ApiReply> {
    const parsed = ForkRequest.safeParse(input);
    if (!parsed.success) return { status: 400, json: { error: `bad fork request: ${parsed.error.issues[0]?.message ?? 'invalid'} (expected {"at": <user message index>})` } };
    if ((await this.catalog.pathOf(id)) === undefined) return notFound('thread');
    try {
      return { status: 200, json: { id: await this.forkFn(id, parsed.data.at) } };
    } catch (err) {
      return { status: 409, json: { error: errorMessage(err) } };
    }
  }
}

function withBody(thread: LoadedThread, r: RequestSummary): RequestWithBody {
  const body = thread.body(r.index);
  return { ...r, body: body === undefined ? null : bodyJson(body) };
}
