// What the model was sent in a team session, in a form two engines can be held to request by
// request: per agent (the root, then each child by its path) its requests in order, each as headers
// and body after the conformance normalization (ids, timestamps, paths). Besides that normalization,
// only three things are evened out, each for a reason of its own:
// - transport headers (host, connection, content-length): the HTTP client's, not the engine's;
// - the key order of `client_metadata`: Codex 0.169 builds it from a hash map, so its order changes
//   from one request to the next within one run;
// - texts no Codex pack records, which weft words in its own pack (the wait's summary, a child's
//   team instructions): where weft's text is its pack's, Codex's text in the same place is taken
//   as the same.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CapturedRequest } from '../../src/testing/index.js';
import { agentOf } from '../../src/testing/index.js';
import { fragmentHash } from '../../src/profile/codex-0.169/world-state.js';
import { AGENT_NICKNAMES } from '../../src/engine/agents/agent-nicknames.js';
import { createNormalizer } from '../conformance/normalize.js';
import type { Msg } from './team-session.js';

const TRANSPORT_HEADERS = new Set(['host', 'connection', 'content-length']);

/** weft's own words for texts no Codex pack records, as they reach the model. */
const OWN_PACK_FILES = ['codex-0.169/multi_agent/v2_subagent.md', 'tool_output/agents/wait_completed.txt', 'tool_output/agents/wait_timed_out.txt', 'tool_output/goals/continuation.md', 'tool_output/user_input/wrong_mode.txt', 'turn_aborted_developer.md'];

/** Each file as a pattern of what it renders to: its text, any placeholder (`{{ name }}`) standing for any text. */
function ownPackTexts(): { file: string; pattern: RegExp }[] {
  return OWN_PACK_FILES.map((file) => {
    const text = readFileSync(fileURLToPath(new URL(`../../templates/${file}`, import.meta.url)), 'utf8');
    return { file, pattern: new RegExp(text.split(/\{\{ *[\w.]+ *\}\}/).map(escapeRegExp).join('[\\s\\S]*?'), 'g') };
  });
}

export interface SessionPaths {
  root: string;
  cwd: string;
  codexHome: string;
  home: string;
}

/** The session's threads in creation order: the root (from thread/started), then each child by its path. */
export function sessionThreads(received: readonly Msg[], childPaths: readonly string[]): string[] {
  const started = received.find((m) => m.method === 'thread/started');
  const root = (started?.params as { thread?: { id?: string } } | undefined)?.thread?.id;
  if (root === undefined) throw new Error('the session started no thread');
  const children = new Map<string, string>();
  for (const m of received) {
    const item = (m.params as { item?: { type?: string; agentPath?: string; agentThreadId?: string } } | undefined)?.item;
    if (item?.type === 'subAgentActivity' && item.agentPath !== undefined && item.agentThreadId !== undefined) children.set(item.agentPath, item.agentThreadId);
  }
  return [root, ...childPaths.map((p) => children.get(p) ?? p)];
}

function sortedRecord(r: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Each agent's requests, in order, normalized; agents in the order given (the root first). */
export function requestsByAgent(requests: readonly CapturedRequest[], agents: readonly string[], threadIds: readonly string[], paths: SessionPaths): Record<string, unknown[]> {
  const n = createNormalizer({
    paths: { '{{REPO}}': paths.cwd, '{{CODEX_HOME}}': paths.codexHome, '{{HOME}}': paths.home, '{{WS}}': paths.root },
    threadIds: [...threadIds],
    clientName: 'weft_team_probe',
    clientTitle: 'Weft Team Probe',
  });
  const out: Record<string, unknown[]> = {};
  // One agent after the other, so that ids are numbered the same whatever the arrival interleaving.
  for (const agent of agents) {
    for (const req of requests.filter((r) => agentOf(r).agent === agent)) {
      const headers = sortedRecord(Object.fromEntries(Object.entries(req.headers).filter(([k]) => !TRANSPORT_HEADERS.has(k))));
      const body = structuredClone(req.body) as Record<string, unknown>;
      if (typeof body.client_metadata === 'object' && body.client_metadata !== null) body.client_metadata = sortedRecord(body.client_metadata as Record<string, unknown>);
      (out[agent] ??= []).push(n.value({ headers, body }));
    }
  }
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * weft's texts from its own pack become `{{WEFT_PACK:file}}`; where Codex's value in the same place
 * reads the same around that text, it becomes the same placeholder.
 */
export function ownPackTextsEvened(codex: unknown, weft: unknown): { codex: unknown; weft: unknown } {
  const texts = ownPackTexts();
  const mark = (s: string): string => texts.reduce((acc, { file, pattern }) => acc.replace(pattern, `{{WEFT_PACK:${file}}}`), s);
  const walk = (c: unknown, w: unknown): { c: unknown; w: unknown } => {
    if (typeof w === 'string') {
      const marked = mark(w);
      if (marked === w || typeof c !== 'string') return { c, w: marked };
      // The same text around the placeholders; the placeholders may stand for anything on Codex's side.
      const pattern = new RegExp(`^${marked.split(/\{\{WEFT_PACK:[^}]+\}\}/).map(escapeRegExp).join('[\\s\\S]*?')}$`);
      return { c: pattern.test(c) ? marked : c, w: marked };
    }
    if (Array.isArray(w) && Array.isArray(c)) {
      const pairs = w.map((x, i) => walk(c[i], x));
      return { c: [...pairs.map((p) => p.c), ...c.slice(w.length)], w: pairs.map((p) => p.w) };
    }
    if (typeof w === 'object' && w !== null && typeof c === 'object' && c !== null && !Array.isArray(c)) {
      const wc: Record<string, unknown> = {};
      const cc: Record<string, unknown> = { ...(c as Record<string, unknown>) };
      for (const [k, v] of Object.entries(w)) {
        const p = walk((c as Record<string, unknown>)[k], v);
        wc[k] = p.w;
        if (k in cc) cc[k] = p.c;
      }
      return { c: cc, w: wc };
    }
    return { c, w };
  };
  const { c, w } = walk(codex, weft);
  return { codex: c, weft: w };
}

/**
 * The world_state key Codex 0.169 fills with a fingerprint weft cannot reproduce: `model_catalog`
 * (one constant hash in every recording). It fingerprints Codex's own model catalog, the one its
 * binary carries (spawn_agent's description lists five picker models from it: gpt-6.1-sol,
 * gpt-6-astra, gpt-6-sol, gpt-6-luna, gpt-5.6-sol), while the catalog weft loads is the pack's
 * models.json (gpt-5.5 and gpt-5.6-sol only). The hasher's rule is not known either: the binary tags
 * it `codex-world-state-fragment-v2` (beside multi_agents_spec.rs), its source is in no index weft
 * can read, and SHA-1 under either tag (v1, v2), with or without a role, over the description's
 * model list (cut several ways, bare or wrapped in `<model_catalog>`) or over the pack's catalog (as
 * read, compact, keys sorted) gives another hash. So the key is left out of both snapshots.
 */
const WORLD_STATE_UNDERIVED = new Set(['model_catalog']);

/**
 * A world_state fingerprint of a text from weft's own pack (a spawned agent's usage hint) cannot be
 * Codex's: where weft's thread holds such a text and its snapshot names that text's fingerprint,
 * both snapshots read `{{WEFT_PACK_HASH}}` there.
 */
export function ownPackHashesEvened(codex: readonly ComparedLine[], weft: readonly ComparedLine[]): { codex: ComparedLine[]; weft: ComparedLine[] } {
  const texts = ownPackTexts();
  const own = new Set<string>();
  for (const line of weft) {
    const content = (line.payload as { type?: string; content?: unknown }).content;
    if (line.type !== 'response_item' || !Array.isArray(content)) continue;
    for (const part of content as { text?: unknown }[]) {
      if (typeof part.text === 'string' && texts.some(({ pattern }) => new RegExp(pattern.source).test(part.text as string))) own.add(fragmentHash('developer', part.text));
    }
  }
  const HINT = '{{WEFT_PACK_HASH}}';
  const weftHints = weft.filter((l) => l.type === 'world_state').map((l) => (l.payload as { state: Record<string, unknown> }).state.multi_agent_usage_hint);
  const even = (lines: readonly ComparedLine[], isWeft: boolean): ComparedLine[] => {
    let at = 0;
    return lines.map((line) => {
      if (line.type !== 'world_state') return line;
      const weftHint = weftHints[at++];
      if (typeof weftHint !== 'string' || !own.has(weftHint)) return line;
      const state = { ...(line.payload as { state: Record<string, unknown> }).state };
      if (isWeft || typeof state.multi_agent_usage_hint === 'string') {
        state.multi_agent_usage_hint = HINT;
        state.multi_agent_mode = { ...(state.multi_agent_mode as Record<string, unknown>), usage_hint_hash: HINT };
      }
      return { ...line, payload: { ...(line.payload as Record<string, unknown>), state } };
    });
  };
  return { codex: even(codex, false), weft: even(weft, true) };
}

/**
 * One rollout line as compared: its ordinal, type and payload, and a response item's `metadata` as
 * its entries in the order written (so that the key order is compared too).
 */
export interface ComparedLine {
  ordinal?: unknown;
  type: string;
  payload: unknown;
  metadata?: [string, unknown][];
}

/**
 * A spawned agent's nickname: Codex 0.169 draws it at random from its list (agent-nicknames.ts holds
 * it, and weft draws from the same list), so a name from that list in a child's session_meta reads
 * `{{AGENT_NICKNAME}}` on both sides.
 */
function nicknamesEvened(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(nicknamesEvened);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'agent_nickname' && typeof x === 'string' && AGENT_NICKNAMES.includes(x) ? '{{AGENT_NICKNAME}}' : nicknamesEvened(x)]));
}

/**
 * Each thread's rollout, normalized like the requests: every line as its ordinal, type and payload,
 * and a response item's `metadata` (Codex's history bookkeeping: its entries in order, ids and
 * revisions normalized). Only the timestamps (normalized away), a child's random nickname
 * (nicknamesEvened) and a `world_state` line's WORLD_STATE_UNDERIVED key are evened out.
 */
export function rolloutsByThread(files: Readonly<Record<string, string>>, threadIds: readonly string[], paths: SessionPaths): ComparedLine[][] {
  const n = createNormalizer({
    paths: { '{{REPO}}': paths.cwd, '{{CODEX_HOME}}': paths.codexHome, '{{HOME}}': paths.home, '{{WS}}': paths.root },
    threadIds: [...threadIds],
    clientName: 'weft_team_probe',
    clientTitle: 'Weft Team Probe',
  });
  return threadIds.map((id) => {
    const file = Object.keys(files).find((f) => f.includes(id));
    const lines = (file === undefined ? '' : (files[file] ?? '')).split('\n').filter(Boolean);
    const out: ComparedLine[] = [];
    for (const raw of lines) {
      // Chosen before normalizing, so that ids are numbered by the compared lines alone.
      const line = JSON.parse(raw) as { ordinal?: unknown; type: string; payload: { type?: string; full?: boolean }; metadata?: Record<string, unknown> };
      const { ordinal } = line;
      if (line.type === 'world_state') {
        // Without the fingerprint weft cannot derive (WORLD_STATE_UNDERIVED).
        const { state } = line.payload as { state: Record<string, unknown> };
        const known = Object.fromEntries(Object.entries(state).filter(([k]) => !WORLD_STATE_UNDERIVED.has(k)));
        out.push(n.value({ ordinal, type: line.type, payload: { full: line.payload.full, state: known } }) as ComparedLine);
      } else if (line.type === 'response_item') {
        out.push(n.value({ ordinal, type: line.type, payload: line.payload, metadata: Object.entries(line.metadata ?? {}) }) as ComparedLine);
      } else {
        const payload = line.type === 'session_meta' ? nicknamesEvened(line.payload) : line.payload;
        out.push(n.value({ ordinal, type: line.type, payload }) as ComparedLine);
      }
    }
    return out;
  });
}
