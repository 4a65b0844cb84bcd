// One engine's run of a scripted issue-37 session for the request-and-rollout comparison
// (test/conformance/cross-team-requests-codex-0.169.test.ts): the real Codex of a generation or weft (with that
// generation's recorded pack, and the system skills Codex wrote into its home copied into weft's, so
// both engines read the same texts) on one loopback mock; what the model was sent per agent and each
// thread's rollout, normalized (team-requests.ts), and how two runs are held to each other.
import { cp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { startMockResponsesServer, type CapturedRequest, type MockReply } from '../../src/testing/index.js';
import { ownPackHashesEvened, ownPackTextsEvened, requestsByAgent, rolloutsByThread, sessionThreads, type ComparedLine } from './team-requests.js';
import { codexAppServer, teamWorkspace, weftAppServer, type LineTransport, type Msg } from './team-session.js';

/** A Codex generation as both engines run it: the binary's version, weft's `compat` (unset: the default), the recorded pack. */
export interface Generation {
  readonly version: string;
  readonly compat: string | undefined;
  readonly pack: string;
}

const SHARED = fileURLToPath(new URL('../../../shared/conformance/', import.meta.url));

export const GENERATIONS: readonly Generation[] = [
  { version: '0.169.0', compat: 'codex-0.169', pack: join(SHARED, 'codex-0.169', 'pack') },
  { version: '0.171.0', compat: undefined, pack: join(SHARED, 'codex-0.171', 'pack') },
];

/** A scripted session: the mock's script, the client's drive, and the children's paths in the order their threads are compared. */
export interface SessionSpec {
  readonly script: () => (req: CapturedRequest) => Promise<MockReply>;
  readonly drive: (t: LineTransport, cwd: string) => Promise<Msg[]>;
  readonly children: readonly string[];
}

export interface Session {
  readonly requests: Record<string, unknown[]>;
  readonly rollouts: ComparedLine[][];
  readonly codexHome: string;
}

async function rolloutFiles(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.jsonl')) out[entry.name] = await readFile(join(entry.parentPath, entry.name), 'utf8');
  }
  return out;
}

/** One engine's session; `binary` runs Codex, none runs weft (reading the skills Codex wrote into `skillsFrom`). */
export async function runSession(gen: Generation, spec: SessionSpec, binary: string | undefined, skillsFrom?: string): Promise<Session> {
  const mock = await startMockResponsesServer({ respond: spec.script() });
  const weft = binary === undefined;
  const ws = await teamWorkspace(mock.url, weft ? gen.compat : undefined, weft ? gen.pack : undefined);
  if (skillsFrom !== undefined) await cp(join(skillsFrom, 'skills', '.system'), join(ws.codexHome, 'skills', '.system'), { recursive: true });
  const t = weft ? weftAppServer(ws) : codexAppServer(binary, ws);
  let closed = false;
  try {
    const received = await spec.drive(t, ws.cwd);
    const threads = sessionThreads(received, spec.children);
    const paths = { root: ws.root, cwd: ws.cwd, codexHome: ws.codexHome, home: ws.env.HOME ?? '' };
    const requests = requestsByAgent(mock.requests, ['/root', ...spec.children], threads, paths);
    // The engine is stopped before its rollouts are read: every line is written.
    await t.close();
    closed = true;
    const rollouts = rolloutsByThread(await rolloutFiles(join(ws.codexHome, 'sessions')), threads, paths);
    return { requests, rollouts, codexHome: ws.codexHome };
  } finally {
    if (!closed) await t.close();
    await mock.close();
  }
}

/**
 * Codex runs a tool as soon as its call is streamed, while the response's usage is still on its
 * way; whether the usage of the response that called update_goal is counted before the tool
 * answers is a race of its own (its answer shows 480 or 720 tokens on the same script). weft counts
 * a turn's usage at its end, as Codex's answer most often shows. So a goal's `tokensUsed` inside a
 * text that is otherwise the same is taken as weft's.
 */
function goalUsageEvened(codex: unknown, weft: unknown): unknown {
  const used = /"tokensUsed":\d+/g;
  if (typeof codex === 'string' && typeof weft === 'string') return codex !== weft && codex.replace(used, '') === weft.replace(used, '') ? weft : codex;
  if (Array.isArray(codex) && Array.isArray(weft)) return codex.map((c, i) => goalUsageEvened(c, weft[i]));
  if (typeof codex === 'object' && codex !== null && typeof weft === 'object' && weft !== null && !Array.isArray(codex)) {
    return Object.fromEntries(Object.entries(codex).map(([k, v]) => [k, goalUsageEvened(v, (weft as Record<string, unknown>)[k])]));
  }
  return codex;
}

const isAgentActivity = (l: ComparedLine | undefined): boolean =>
  l?.type === 'event_msg' && (l.payload as { type?: string; item?: { type?: string } }).type === 'item_completed' && (l.payload as { item?: { type?: string } }).item?.type === 'SubAgentActivity';
const isUsageRecord = (l: ComparedLine | undefined): boolean => l?.type === 'token_usage_record';

/**
 * Codex runs a collaboration call (send_message, followup_task, interrupt_agent answer at once) as
 * soon as it is streamed, so the agent's activity it records (`item_completed`) and the usage record
 * of the response that made the call (written when the response completes) come in either order on
 * the same script (seen under 0.171). weft records the usage first, as Codex most often does; where
 * the two lines stand the other way round at the same place in Codex's rollout, they are taken in
 * weft's order (each keeping its place's ordinal). Nothing else moves.
 */
function activityRaceEvened(codex: readonly ComparedLine[], weft: readonly ComparedLine[]): ComparedLine[] {
  const out = [...codex];
  for (let i = 0; i + 1 < out.length; i++) {
    const [a, b] = [out[i], out[i + 1]];
    if (a === undefined || b === undefined || !isAgentActivity(a) || !isUsageRecord(b) || !isUsageRecord(weft[i]) || !isAgentActivity(weft[i + 1])) continue;
    out[i] = { ...b, ordinal: a.ordinal };
    out[i + 1] = { ...a, ordinal: b.ordinal };
    i += 1;
  }
  return out;
}

export function expectSameRollouts(codex: Session, weft: Session): void {
  expect(weft.rollouts.length).toBe(codex.rollouts.length);
  codex.rollouts.forEach((lines, thread) => {
    const hashed = ownPackHashesEvened(activityRaceEvened(lines, weft.rollouts[thread] ?? []), weft.rollouts[thread] ?? []);
    const evened = ownPackTextsEvened(hashed.codex, hashed.weft);
    expect(evened.weft, `thread ${thread}`).toEqual(goalUsageEvened(evened.codex, evened.weft));
  });
}

/** Every agent's requests the same, one by one; `even` evens out a race of Codex's own (default: goalUsageEvened). */
export function expectSameRequests(codex: Pick<Session, 'requests'>, weft: Pick<Session, 'requests'>, even: (codex: unknown, weft: unknown) => unknown = goalUsageEvened): void {
  expect(Object.keys(weft.requests)).toEqual(Object.keys(codex.requests));
  for (const [agent, list] of Object.entries(codex.requests)) {
    const mine = weft.requests[agent] ?? [];
    expect(mine.length, `${agent}: number of requests`).toBe(list.length);
    list.forEach((request, i) => {
      const evened = ownPackTextsEvened(request, mine[i]);
      expect(evened.weft, `${agent}, request ${i}`).toEqual(even(evened.codex, evened.weft));
    });
  }
}
