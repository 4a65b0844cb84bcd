// What an app-server client saw of a team session, whole, in a form two engines can be held to:
// every message the client received (the answers to its requests, each notification's params,
// each request the server made of it) after the conformance normalization (ids, times, paths),
// grouped so that what only the engines' timing orders is apart:
// - `responses`: the answers to the client's own requests (initialize, thread/start, turn/start,
//   thread/goal/set …), by their id;
// - each thread (the root as `/root`, each agent by its path): its notifications and the server
//   requests made for it, in order;
// - `/root completions`: the root's `subAgentActivity` items of kind `completed` (where they fall
//   among the root's own notices depends on when each child ends);
// - `global`: notices without a thread (rate limits, remote control), in order.
// Each list is normalized on its own, one after the other in that order, so that `{{IDn}}` numbers
// the same whatever the interleaving of threads.
import { sortedJson } from '../../src/sorted-json.js';
import { createNormalizer } from '../conformance/normalize.js';
import type { SessionPaths } from './team-requests.js';
import type { Msg } from './team-session.js';

type Params = { threadId?: unknown; thread?: { id?: unknown }; item?: { type?: unknown; kind?: unknown; agentPath?: unknown; agentThreadId?: unknown } };

/** The client's view of a session, by group (see the file's comment), each message normalized. */
export function noticesByThread(received: readonly Msg[], threadIds: readonly string[], paths: SessionPaths): Record<string, unknown[]> {
  const names = new Map<string, string>();
  if (threadIds[0] !== undefined) names.set(threadIds[0], '/root');
  for (const m of received) {
    const item = (m.params as Params | undefined)?.item;
    if (item?.type === 'subAgentActivity' && typeof item.agentThreadId === 'string' && typeof item.agentPath === 'string') names.set(item.agentThreadId, item.agentPath);
  }
  const groups: Record<string, Msg[]> = { responses: [] };
  for (const m of received) (groups[groupOf(m, names)] ??= []).push(m);
  const n = createNormalizer({
    paths: { '{{REPO}}': paths.cwd, '{{CODEX_HOME}}': paths.codexHome, '{{HOME}}': paths.home, '{{WS}}': paths.root },
    threadIds: [...threadIds],
    clientName: 'weft_team_probe',
    clientTitle: 'Weft Team Probe',
  });
  const order = ['responses', '/root', ...[...names.values()].filter((k) => k !== '/root'), '/root completions', 'global'];
  const out: Record<string, unknown[]> = {};
  for (const key of [...order, ...Object.keys(groups).filter((k) => !order.includes(k))]) {
    const list = groups[key];
    if (list !== undefined && !(key in out)) out[key] = list.map((m) => n.value(m));
  }
  return out;
}

function groupOf(m: Msg, names: ReadonlyMap<string, string>): string {
  if (m.method === undefined) return 'responses';
  const p = (m.params ?? {}) as Params;
  const thread = typeof p.threadId === 'string' ? p.threadId : m.method === 'thread/started' && typeof p.thread?.id === 'string' ? p.thread.id : undefined;
  if (thread === undefined) return 'global';
  if (p.item?.type === 'subAgentActivity' && p.item.kind === 'completed') return '/root completions';
  return names.get(thread) ?? thread;
}

type Notice = { method?: string; params?: { item?: { type?: string; tool?: string } } };

const isGoalNotice = (m: unknown): boolean => (m as Notice).method === 'thread/goal/updated';
const isUsageNotice = (m: unknown): boolean => (m as Notice).method === 'thread/tokenUsage/updated';
const isWaitStart = (m: unknown): boolean => {
  const n = m as Notice;
  return n.method === 'item/started' && n.params?.item?.type === 'collabAgentToolCall' && n.params.item.tool === 'wait';
};

/**
 * Codex's own nondeterminism, evened out in one thread's list and nowhere else:
 * - a goal notice followed at once by another says nothing the second does not replace (a client
 *   keeps the last); Codex 0.169 sometimes sends an extra `active` notice as its last goal turn
 *   starts, just before `complete` (a race of its own accounting), so such a pair counts as the second;
 * - Codex runs a tool as soon as its call is streamed, while the response's usage is still on its
 *   way, so a wait may start just before or just after the usage of the response that called it is
 *   counted: a wait's start directly before a usage notice is put after it;
 * - a notice without a thread that repeats the one before it (the same rate limits after each
 *   response) says nothing new, and how many such arrive before the client stops listening depends
 *   on how far a held answer got: such repeats count once.
 */
export function codexRacesEvened(list: readonly unknown[]): unknown[] {
  const repeats = (m: unknown, i: number): boolean => i > 0 && (m as { params?: { threadId?: unknown } }).params?.threadId === undefined && sortedJson(m) === sortedJson(list[i - 1]);
  const out = list.filter((m, i) => !(isGoalNotice(m) && isGoalNotice(list[i + 1])) && !repeats(m, i));
  for (let i = 0; i + 1 < out.length; i++) {
    if (isWaitStart(out[i]) && isUsageNotice(out[i + 1])) [out[i], out[i + 1]] = [out[i + 1], out[i]];
  }
  return out;
}

type GoalNotice = { method?: string; params?: { goal?: { tokensUsed?: unknown } } };

/**
 * Codex 0.169 runs a tool as soon as its call is streamed, while the response's usage is still on
 * its way: whether the usage of the response that called update_goal is counted in the goal it
 * reports is a race of its own (480 or 720 tokens on the same script). weft counts a turn's usage at
 * its end, as Codex's notice most often shows. So where Codex's goal notice differs from weft's at
 * the same place only in `tokensUsed`, weft's count stands for Codex's.
 */
export function goalUsageRaceEvened(codex: readonly unknown[], weft: readonly unknown[]): unknown[] {
  return codex.map((c, i) => {
    const w = weft[i] as GoalNotice | undefined;
    const cn = c as GoalNotice;
    if (cn.method !== 'thread/goal/updated' || w?.method !== 'thread/goal/updated' || cn.params?.goal === undefined || w.params?.goal === undefined) return c;
    const evened = { ...cn, params: { ...cn.params, goal: { ...cn.params.goal, tokensUsed: w.params.goal.tokensUsed } } };
    return sortedJson(evened) === sortedJson(w) ? evened : c;
  });
}
