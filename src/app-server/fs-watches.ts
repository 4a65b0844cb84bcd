// The fs/watch watches of one connection: each id watches a path (a folder with what it holds, or a
// file; a path that does not exist yet is watched through its parent folder until it appears) and
// reports the paths that changed as `fs/changed`, gathered over a short window so that one write
// is one notification. Closed with the connection.
import { watch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { rpcError } from './rpc-errors.js';

/** How long changes are gathered before they are reported. */
const GATHER_MS = 50;

interface Watch {
  readonly watcher: FSWatcher;
  timer?: NodeJS.Timeout;
  readonly changed: Set<string>;
}

export type ChangeReporter = (watchId: string, changedPaths: string[]) => void;

export class FsWatches {
  readonly #watches = new Map<string, Watch>();

  constructor(private readonly report: ChangeReporter) {}

  async add(watchId: string, target: string): Promise<void> {
    if (this.#watches.has(watchId)) throw rpcError.invalidRequest(`watchId already exists: ${watchId}`);
    const info = await stat(target).catch(() => undefined);
    // A missing path: its parent folder is watched, and only changes to the path are reported.
    const [root, only] = info ? [target, undefined] : [path.dirname(target), path.basename(target)];
    const entry: Watch = { changed: new Set(), watcher: watch(root, { recursive: info?.isDirectory() === true, persistent: false }) };
    entry.watcher.on('change', (_event, name) => {
      const file = name === null ? root : info?.isFile() ? target : path.join(root, name.toString());
      if (only !== undefined && path.relative(root, file).split(path.sep)[0] !== only) return;
      entry.changed.add(file);
      entry.timer ??= setTimeout(() => {
        entry.timer = undefined;
        const paths = [...entry.changed].sort();
        entry.changed.clear();
        if (this.#watches.get(watchId) === entry) this.report(watchId, paths);
      }, GATHER_MS);
    });
    // A watch that fails later (its folder removed) stops quietly.
    entry.watcher.on('error', () => this.remove(watchId));
    this.#watches.set(watchId, entry);
  }

  /** Stops a watch; an unknown id is no error (as in Codex). */
  remove(watchId: string): void {
    const entry = this.#watches.get(watchId);
    if (!entry) return;
    this.#watches.delete(watchId);
    if (entry.timer) clearTimeout(entry.timer);
    entry.watcher.close();
  }

  closeAll(): void {
    for (const id of [...this.#watches.keys()]) this.remove(id);
  }
}
