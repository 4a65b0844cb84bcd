// A mock script for a team of agents: each agent (the root and every spawned child) follows a script
// of its own, and a request goes to the script of the agent that sent it. Codex 0.169 and weft name
// the agent in the `x-codex-turn-metadata` header (`agent_name`: `/root`, `/root/alpha`…) and the
// thread in `thread-id`; a request that names neither belongs to `/root`. Works the same for the real
// Codex binary and for weft, so one script drives both in a differential run.
import type { CapturedRequest, MockReply } from './mock-types.js';

/** Who sent a request: its agent path and thread (undefined when the request does not say). */
export interface RequestAgent {
  agent: string;
  threadId: string | undefined;
}

/** The agent and thread a captured request comes from. */
export function agentOf(req: CapturedRequest): RequestAgent {
  const threadId = req.headers['thread-id'];
  const raw = req.headers['x-codex-turn-metadata'];
  if (raw !== undefined) {
    try {
      const meta = JSON.parse(raw) as { agent_name?: unknown; thread_id?: unknown };
      if (typeof meta.agent_name === 'string') return { agent: meta.agent_name, threadId: typeof meta.thread_id === 'string' ? meta.thread_id : threadId };
    } catch {
      // Not JSON: the request is taken as the root's.
    }
  }
  return { agent: '/root', threadId };
}

/** One agent's script: its replies in order, or a function of the request and the agent's own count. */
export type AgentScript = readonly MockReply[] | ((req: CapturedRequest, n: number) => MockReply | Promise<MockReply>);

/** One request of one agent: its path and its index among that agent's requests (from 0). */
export interface AgentRequest {
  agent: string;
  request: number;
}

/**
 * Holds an answer back until another request has arrived: `request` of `agent` is answered only
 * once `until` has come in, so a script fixes an order the engines would otherwise race on (a
 * parent's next request after a child's).
 */
export interface ReplyHold extends AgentRequest {
  until: AgentRequest;
}

/**
 * A `respond` for startMockResponsesServer that answers each request from its agent's script, the
 * n-th request of an agent with its n-th reply. An agent without a script, or past its end, gets
 * `fallback(req, agent)`. `holds` delay answers until other requests have arrived.
 */
export function respondByAgent(
  scripts: Readonly<Record<string, AgentScript>>,
  fallback: (req: CapturedRequest, agent: RequestAgent) => MockReply | Promise<MockReply>,
  holds: readonly ReplyHold[] = [],
): (req: CapturedRequest) => Promise<MockReply> {
  const counts = new Map<string, number>();
  const arrived = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const key = (r: AgentRequest): string => `${r.agent}#${r.request}`;
  const arrival = (r: AgentRequest): Promise<void> =>
    arrived.has(key(r)) ? Promise.resolve() : new Promise((resolve) => waiting.set(key(r), [...(waiting.get(key(r)) ?? []), resolve]));
  return async (req) => {
    const who = agentOf(req);
    const n = counts.get(who.agent) ?? 0;
    counts.set(who.agent, n + 1);
    const here = key({ agent: who.agent, request: n });
    arrived.add(here);
    for (const wake of waiting.get(here) ?? []) wake();
    waiting.delete(here);
    for (const h of holds) if (h.agent === who.agent && h.request === n) await arrival(h.until);
    const script = scripts[who.agent];
    if (typeof script === 'function') return script(req, n);
    const reply = script?.[n];
    return reply ?? fallback(req, who);
  };
}
