// The viewer's list of threads: every rollout of the home (both generations), newest first, each with
// its name, directory, first prompt and turn count. It is the shared listing (src/rollout/store/list.ts)
// with each thread's scan (turns, name): heads and scans come from the home's head cache while a
// file is unchanged, so a new viewer lists a thousand threads without reading them. A Postgres store
// lists its rows, and each thread is scanned in its local copy. Thread ids from requests are only
// ever looked up here: a request path never names a file.
import { stat } from 'node:fs/promises';
import { listAllThreads, type ListedThread } from '../rollout/store/list.js';
import { scanThread, type ThreadScan } from '../rollout/store/thread-scan.js';
import type { ThreadStore } from '../rollout/thread-store.js';
import { isThreadId } from '../rollout/store/thread-id.js';
import { compatForCliVersion } from '../profile/profile-facts.js';
import type { CompatProfileName } from '../../protocol/config.js';

export interface ThreadSummary {
  readonly id: string;
  readonly name: string | undefined;
  readonly cwd: string;
  readonly firstPrompt: string;
  readonly turns: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly forkedFromId: string | undefined;
  readonly cliVersion: string;
  readonly generation: CompatProfileName;
}

export class ThreadCatalog {
  readonly #paths = new Map<string, string>();
  /** A Postgres store's scans by thread, kept while its local copy keeps its size (rollouts only grow). */
  readonly #scans = new Map<string, { size: number; scan: ThreadScan }>();

  constructor(readonly store: ThreadStore) {}

  get home(): string {
    return this.store.home;
  }

  /**
   * Every listed thread, newest first (file-name time, then mtime). As in every listing, a file
   * without a session_meta or without any user message is left out.
   */
  async list(): Promise<ThreadSummary[]> {
    const listed = this.store.kind === 'files' ? await listAllThreads(this.home, { withScan: true }) : await this.#scannedFromStore();
    this.#paths.clear();
    return listed.map(({ entry, scan }) => {
      this.#paths.set(entry.id, entry.path);
      return {
        id: entry.id,
        name: scan?.name ?? undefined,
        cwd: entry.cwd,
        firstPrompt: entry.preview,
        turns: scan?.turns ?? 0,
        createdAt: entry.createdAt,
        updatedAt: entry.updatedAt,
        forkedFromId: entry.forkedFromId,
        cliVersion: entry.cliVersion,
        generation: compatForCliVersion(entry.cliVersion),
      };
    });
  }

  async #scannedFromStore(): Promise<ListedThread[]> {
    const listed = (await this.store.listAllFromHeads(false)) ?? [];
    return Promise.all(
      listed.map(async (t) => {
        const copy = await this.store.localCopy(t.entry.path);
        const size = (await stat(copy)).size;
        const known = this.#scans.get(t.entry.path);
        const scan = known?.size === size ? known.scan : await scanThread(copy, size);
        this.#scans.set(t.entry.path, { size, scan });
        return { ...t, scan };
      }),
    );
  }

  /** The rollout of a listed thread; undefined for anything else (a malformed id included). */
  async pathOf(id: string): Promise<string | undefined> {
    if (!isThreadId(id)) return undefined;
    if (!this.#paths.has(id)) await this.list();
    return this.#paths.get(id);
  }
}
