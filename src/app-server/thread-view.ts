// A thread as the v2 protocol shows it (`Thread`), built from its rollout: the session_meta facts,
// the first user message as preview, and — for resume, fork, rollback and read with turns — the
// turns replayed from the recorded events (`turn-N` / `item-N` ids, as Codex numbers them there).
import { stat } from 'node:fs/promises';
import type { SessionSource, Thread, ThreadItem, Turn, UserInput } from '../../protocol/app-server/common.js';
import type { SessionMeta } from '../../protocol/rollout.js';
import { RolloutError } from '../errors.js';
import { readRolloutHead } from '../rollout/store/head.js';
import type { ThreadStore } from '../rollout/thread-store.js';
import { knownEventOf } from '../rollout/format/known-events.js';
import type { RolloutRecord } from '../rollout/format/reader.js';
import { rolledBackTurns } from '../thread/thread-rollback.js';

export interface ThreadFacts {
  readonly path: string;
  readonly meta: SessionMeta;
  /** The first user message, '' for a thread nobody spoke in yet. */
  readonly preview: string;
  readonly mtimeMs: number;
  /** Its user-facing name (Codex's session index), when the caller looked it up. */
  readonly name?: string | null;
}

export async function readThreadFacts(store: Pick<ThreadStore, 'localCopy'>, path: string): Promise<ThreadFacts> {
  const copy = await store.localCopy(path);
  const [head, st] = await Promise.all([readRolloutHead(copy), stat(copy)]);
  if (!head.sessionMeta) throw new RolloutError(`${path}: no session_meta line; not a thread`, path);
  return { path, meta: head.sessionMeta, preview: head.firstUserMessage ?? '', mtimeMs: st.mtimeMs };
}

const SOURCES = new Set(['cli', 'vscode', 'exec', 'appServer', 'unknown']);

function sessionSource(source: SessionMeta['source']): SessionSource {
  if (typeof source === 'string') return (SOURCES.has(source) ? source : 'unknown') as SessionSource;
  return 'unknown';
}

const seconds = (ms: number): number => Math.floor(ms / 1000);

export function threadView(facts: ThreadFacts, turns: Turn[] = [], defaultProvider = 'openai'): Thread {
  const { meta } = facts;
  const created = Date.parse(meta.timestamp);
  const git = meta.git;
  return {
    id: meta.id,
    preview: facts.preview,
    modelProvider: meta.model_provider ?? defaultProvider,
    createdAt: seconds(Number.isNaN(created) ? facts.mtimeMs : created),
    updatedAt: seconds(facts.mtimeMs),
    path: facts.path,
    cwd: meta.cwd,
    cliVersion: meta.cli_version,
    source: sessionSource(meta.source),
    gitInfo: git ? { sha: git.commit_hash ?? null, branch: git.branch ?? null, originUrl: git.repository_url ?? null } : null,
    turns,
  };
}

/** Replays the recorded events of a rollout into turns. */
export function turnsFromRecords(records: readonly RolloutRecord[]): Turn[] {
  const turns: Turn[] = [];
  let items = 0;
  const itemId = (): string => `item-${++items}`;
  const current = (): Turn => {
    let turn = turns[turns.length - 1];
    if (!turn) {
      turn = { id: `turn-${turns.length + 1}`, items: [], status: 'completed', error: null };
      turns.push(turn);
    }
    return turn;
  };
  for (const { line } of records) {
    const p = knownEventOf(line);
    switch (p?.type) {
      case 'user_message': {
        const content: UserInput[] = (p.images ?? []).map((url) => ({ type: 'image', url }));
        content.push({ type: 'text', text: p.message, text_elements: [] });
        turns.push({ id: `turn-${turns.length + 1}`, items: [{ type: 'userMessage', id: itemId(), content }], status: 'completed', error: null });
        break;
      }
      case 'agent_message':
        current().items.push({ type: 'agentMessage', id: itemId(), text: p.message });
        break;
      case 'agent_reasoning': {
        const turn = current();
        const last: ThreadItem | undefined = turn.items[turn.items.length - 1];
        if (last?.type === 'reasoning') (last.summary ??= []).push(p.text);
        else turn.items.push({ type: 'reasoning', id: itemId(), summary: [p.text], content: [] });
        break;
      }
      case 'turn_aborted':
        current().status = 'interrupted';
        break;
      default: {
        const n = rolledBackTurns(p);
        if (n !== undefined) turns.splice(Math.max(0, turns.length - n));
      }
    }
  }
  // Ids stay unique after a rollback; renumber turns so they read 1..n.
  turns.forEach((t, i) => (t.id = `turn-${i + 1}`));
  return turns;
}
