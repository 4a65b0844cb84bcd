// fuzzyFileSearch (0.169): files and folders of each root whose path matches the query, fuzzily
// (fzf's algorithm, the `fzf` package), git's ignore rules applied inside a work tree
// (workspace-files.ts). As in Codex: a match that falls in the entry's own name ranks above one
// spread over its folders, `indices` are the matched positions in the path, results are ordered by
// score then path, and an empty query finds nothing. Scores are weft's (fzf's, plus the name bonus),
// not Codex's numbers.
import path from 'node:path';
import { Fzf, type FzfResultItem } from 'fzf';
import type { z } from 'zod';
import type { FuzzyFileSearchParams0169 } from '../../../protocol/app-server/v0169/more-params.js';
import { absolutePath } from '../fs-access.js';
import type { ServerContext } from '../server-context.js';
import { workspaceEntries, type WorkspaceEntry } from '../workspace-files.js';
import type { HandlerResult } from './handler.js';

/** Results returned at most. */
const LIMIT = 100;
/** Added when every matched position lies in the entry's own name. */
const NAME_BONUS = 65_536;

interface FoundEntry {
  readonly root: string;
  readonly path: string;
  readonly match_type: 'file' | 'directory';
  readonly file_name: string;
  readonly score: number;
  readonly indices: number[];
}

export async function fuzzyFileSearch(_ctx: ServerContext, params: z.infer<typeof FuzzyFileSearchParams0169>): Promise<HandlerResult> {
  if (params.query.trim() === '') return { result: { files: [] } };
  const found = await Promise.all(
    params.roots.map(async (r) => {
      const root = absolutePath(r);
      const entries = await workspaceEntries(root);
      const finder = new Fzf<readonly WorkspaceEntry[]>(entries, { selector: (e: WorkspaceEntry) => e.path, casing: 'smart-case' });
      const matches: FzfResultItem<WorkspaceEntry>[] = finder.find(params.query);
      return matches.map((m): FoundEntry => {
        const indices = [...m.positions].sort((a, b) => a - b);
        const nameStart = m.item.path.lastIndexOf('/') + 1;
        const inName = indices.every((i) => i >= nameStart);
        return {
          root,
          path: m.item.path,
          match_type: m.item.isDirectory ? 'directory' : 'file',
          file_name: path.posix.basename(m.item.path),
          score: Math.max(0, Math.round(m.score)) + (inName ? NAME_BONUS : 0),
          indices,
        };
      });
    }),
  );
  const files = found.flat().sort((a: FoundEntry, b: FoundEntry) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { result: { files: files.slice(0, LIMIT) } };
}
