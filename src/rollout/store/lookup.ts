// Finding the thread a user names, as Codex users name them: a full id, a unique prefix of one
// (`weft thread resume 01a2f`), or the thread's name (`thread_name_updated`, the last one wins).
//
// A thread's id is its session_meta's, which is what listings show and what a resumed thread
// records; the id in the file name is only where the search starts. A file whose name and
// session_meta disagree is found by the session_meta's id, so list, show and resume agree.
import { readFile } from 'node:fs/promises';
import { RolloutError, UsageError } from '../../errors.js';
import { THREAD_NAME_UPDATED, threadNameInLine } from './thread-name.js';
import { isThreadId } from './thread-id.js';
import { readRolloutHead } from './head.js';
import { archivedSessionsDir, dayDirsNewestFirst, rolloutFilesIn, type RolloutFileEntry } from './paths.js';

/** Every rollout file, `sessions/` newest day first, then `archived_sessions/`. */
async function* allRollouts(home: string): AsyncGenerator<RolloutFileEntry> {
  for await (const { dir } of dayDirsNewestFirst(home)) yield* await rolloutFilesIn(dir);
  yield* await rolloutFilesIn(archivedSessionsDir(home));
}

/** The id a rollout's session_meta gives (lowercase), or undefined when its head has none. */
async function metaId(file: string): Promise<string | undefined> {
  try {
    const id = (await readRolloutHead(file, 10)).sessionMeta?.id;
    return isThreadId(id) ? id.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** The rollout of thread `id`: by file name when its session_meta agrees, else by session_meta. */
export async function findThreadById(home: string, id: string): Promise<string | undefined> {
  const want = id.toLowerCase();
  let named: string | undefined;
  const others: RolloutFileEntry[] = [];
  for await (const f of allRollouts(home)) {
    if (f.id !== want) {
      others.push(f);
      continue;
    }
    const meta = await metaId(f.path);
    if (meta === want) return f.path;
    // Named for this id, but its session_meta says another (or none): only if nothing better.
    if (meta === undefined) named ??= f.path;
  }
  for (const f of others) if ((await metaId(f.path)) === want) return f.path;
  return named;
}

/** The name a rollout's last `thread_name_updated` gives it. Only files mentioning the event are parsed. */
async function nameOf(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  if (!text.includes(THREAD_NAME_UPDATED)) return undefined;
  let name: string | undefined;
  for (const raw of text.split('\n')) {
    if (!raw.includes(THREAD_NAME_UPDATED)) continue;
    name = threadNameInLine(raw) ?? name;
  }
  return name;
}

const PREFIX_RE = /^[0-9a-f][0-9a-f-]*$/i;

/**
 * The rollout a reference names: a full id, a unique id prefix (4+ characters), or a thread name.
 * @throws UsageError when a prefix or name matches several threads; RolloutError when none.
 */
export async function locateThread(home: string, ref: string): Promise<string> {
  const where = `${home}/sessions`;
  const given: unknown = ref;
  if (isThreadId(given)) {
    const found = await findThreadById(home, given);
    if (!found) throw new RolloutError(`thread ${ref.toLowerCase()} not found under ${where}`);
    return found;
  }
  if (ref.length >= 4 && PREFIX_RE.test(ref)) {
    const want = ref.toLowerCase();
    const hits = new Map<string, string>();
    for await (const f of allRollouts(home)) {
      const id = (await metaId(f.path)) ?? f.id;
      if (id.startsWith(want) && !hits.has(id)) hits.set(id, f.path);
    }
    if (hits.size === 1) return [...hits.values()][0] as string;
    if (hits.size > 1) throw new UsageError(`${ref} is the start of ${hits.size} thread ids (${[...hits.keys()].slice(0, 5).join(', ')}${hits.size > 5 ? ', …' : ''}): give more of the id`);
  }
  const named: string[] = [];
  for await (const f of allRollouts(home)) if ((await nameOf(f.path)) === ref) named.push(f.path);
  if (named.length === 1) return named[0] as string;
  if (named.length > 1) throw new UsageError(`${named.length} threads are named ${JSON.stringify(ref)}: give the id instead (see \`weft thread list\`)`);
  throw new RolloutError(`no thread with the id, id prefix or name ${JSON.stringify(ref)} under ${where}`);
}
