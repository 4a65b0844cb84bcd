// What the collaboration tools ask of the engine: the team of agents a thread belongs to (multi-agent
// v2). Plain shapes; the engine implements the port (engine/agents/), the tools only call it.

/** An agent's status as list_agents and interrupt_agent show it (Codex's forms). */
export type AgentStatus = 'pending_init' | 'running' | 'interrupted' | 'errored' | 'shutdown' | { completed: string | null };

export interface SpawnRequest {
  callId: string;
  taskName: string;
  message: string;
  forkTurns: 'all' | 'none';
  model?: string | undefined;
  reasoningEffort?: string | undefined;
}

/** A refusal the model reads (a pack text), or the result. */
export type AgentOutcome<T> = { ok: true; value: T } | { ok: false; output: string };

export interface AgentPort {
  /** The calling agent's canonical path (`/root`, `/root/alpha`…). */
  readonly path: string;
  /** The thread of the team's root (whose goal the whole team's usage counts against). */
  readonly rootThreadId: string;
  spawn(req: SpawnRequest): Promise<AgentOutcome<{ path: string }>>;
  /** Queues a message on a live agent; no new turn. */
  sendMessage(callId: string, target: string, message: string): Promise<AgentOutcome<void>>;
  /** Gives an agent a new task: a turn now when it is idle, else at its next boundary. */
  followupTask(callId: string, target: string, message: string): Promise<AgentOutcome<void>>;
  interrupt(callId: string, target: string): Promise<AgentOutcome<{ previous: AgentStatus }>>;
  list(pathPrefix?: string): { path: string; status: AgentStatus }[];
  /** Waits for news in this agent's mailbox; `timedOut` when none came in time. */
  wait(callId: string, timeoutMs: number, signal: AbortSignal): Promise<{ timedOut: boolean; interrupted: boolean }>;
  /** The thread is closing: a root stops and closes every agent of its team. */
  close?(): Promise<void>;
}
