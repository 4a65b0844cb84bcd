// A team of agents (Codex 0.169's multi-agent v2): the root thread and the child threads its agents
// spawned, each named by its canonical task path (`/root`, `/root/alpha`, `/root/alpha/beta`). The
// team opens each child as a thread of its own (its own rollout; with `fork_turns: "all"` a fork of
// its parent), runs the child's turns concurrently with the parent's under Codex's cap on active
// agents (the root included), carries messages between agents as `agent_message` items in Codex's
// form, and hands a child's final answer to its parent when the child's turn ends. One team per root
// thread; no state is shared between teams.
import { randomUUID } from 'node:crypto';
import type { AgentMessageItem } from '../../../protocol/responses-items.js';
import type { ReasoningEffort } from '../../../protocol/responses-request.js';
import type { SubagentLink } from '../../profile/profile.js';
import type { Thread } from '../../thread/thread.js';
import type { ThreadEvent } from '../../thread/thread-events.js';
import type { AgentOutcome, AgentPort, AgentStatus, SpawnRequest } from '../../tools/agents/agent-port.js';
import type { AgentTexts, EnvelopeKind } from '../../tools/agents/agent-texts.js';
import { pickNickname } from './agent-nicknames.js';
import { Mailbox } from './mailbox.js';

/** Codex 0.169's concurrency slots: agents active at once, the root included. */
export const MAX_ACTIVE_AGENTS = 4;

export const ROOT_PATH = '/root';

/** How the team opens a child thread (the engine's start or fork). */
export type OpenChild = (req: {
  parent: Thread;
  forkTurns: 'all' | 'none';
  model?: string | undefined;
  reasoningEffort?: ReasoningEffort | undefined;
  /** How the child is linked to its team (its session_meta and requests say so). */
  link: SubagentLink;
}) => Promise<Thread>;

interface Member {
  readonly path: string;
  readonly nickname?: string | undefined;
  /** The root's turn this member's work belongs to (for the root: its running turn). */
  readonly rootTurnId?: string | undefined;
  readonly parentPath: string | undefined;
  readonly thread: Thread;
  status: AgentStatus;
  /** The running turn's abort, while one runs. */
  turn?: AbortController;
  /** Ends when the running turn has ended. */
  settled?: Promise<void>;
  /** A follow-up task reached the member while a turn ran: if that turn ends without taking it in, it starts the next. */
  followupWaiting?: boolean;
  readonly mailbox: Mailbox;
}

/**
 * What a team tells its observers (a library user, the app-server): a child spawned (by which call,
 * during which turn of its parent, with the model and effort it resolved to), each of its turns
 * (started, every event of it, ended) and its status.
 */
export type TeamEvent =
  | {
      type: 'agent_spawned';
      path: string;
      threadId: string;
      parentThreadId: string;
      nickname?: string | undefined;
      callId: string;
      parentTurnId: string | undefined;
      model: string | null;
      reasoningEffort: ReasoningEffort | null;
    }
  | { type: 'agent_status'; path: string; threadId: string; status: AgentStatus }
  /** An agent reached another by a call: a message or a task given (`interacted`), or stopped (`interrupted`). */
  | { type: 'agent_contacted'; kind: 'interacted' | 'interrupted'; path: string; threadId: string; callId: string; callerThreadId: string; callerTurnId: string | undefined }
  | { type: 'agent_turn_started'; path: string; threadId: string; parentThreadId: string; turnId: string; rootTurnId: string | undefined }
  | { type: 'agent_turn_event'; path: string; threadId: string; turnId: string; event: ThreadEvent }
  | { type: 'agent_turn_ended'; path: string; threadId: string; parentThreadId: string; parentTurnId: string | undefined; turnId: string; status: 'completed' | 'interrupted' | 'failed' };

export class AgentTeam {
  readonly #members = new Map<string, Member>();
  readonly #listeners = new Set<(event: TeamEvent) => void>();
  #closing = false;

  constructor(
    root: Thread,
    private readonly openChild: OpenChild,
    private readonly texts: AgentTexts,
    private readonly maxActive = MAX_ACTIVE_AGENTS,
    /** Where nicknames are drawn from ([0, 1)); tests pass a fixed one. */
    private readonly random: () => number = Math.random,
  ) {
    this.#members.set(ROOT_PATH, { path: ROOT_PATH, parentPath: undefined, thread: root, status: 'running', mailbox: new Mailbox() });
    root.joinTeam(this.portFor(ROOT_PATH));
  }

  onEvent(listener: (event: TeamEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The live agents: path, thread and status (the root first, then in spawn order). */
  members(): { path: string; thread: Thread; status: AgentStatus }[] {
    return [...this.#members.values()].map((m) => ({ path: m.path, thread: m.thread, status: m.status }));
  }

  /** The children of one agent (direct ones). */
  childrenOf(path: string): Thread[] {
    return [...this.#members.values()].filter((m) => m.parentPath === path).map((m) => m.thread);
  }

  /** Ends every child's turn and closes every child thread (the root closes itself). */
  async close(): Promise<void> {
    this.#closing = true;
    const children = [...this.#members.values()].filter((m) => m.parentPath !== undefined);
    for (const m of children) m.turn?.abort();
    await Promise.all(children.map((m) => m.settled));
    await Promise.all(children.map((m) => m.thread.close()));
    for (const m of children) this.#members.delete(m.path);
  }

  portFor(path: string): AgentPort {
    return {
      path,
      rootThreadId: this.#member(ROOT_PATH).thread.id,
      spawn: (req) => this.#spawn(path, req),
      sendMessage: async (callId, target, message) => this.#message(callId, path, target, message, 'MESSAGE'),
      followupTask: async (callId, target, message) => this.#message(callId, path, target, message, 'NEW_TASK'),
      interrupt: async (callId, target) => this.#interrupt(callId, path, target),
      list: (prefix) => this.#list(prefix),
      wait: (_callId, timeoutMs, signal) => this.#member(path).mailbox.wait(timeoutMs, signal),
      ...(path === ROOT_PATH ? { close: () => this.close() } : {}),
    };
  }

  /** A target as the model names it: relative to the caller (`alpha`) or canonical (`/root/alpha`). */
  #resolve(from: string, target: string): string {
    if (target.startsWith('/')) return target;
    return `${from}/${target}`;
  }

  #member(path: string): Member {
    const m = this.#members.get(path);
    if (m === undefined) throw new Error(`agent ${path} is not in this team`);
    return m;
  }

  #active(): number {
    return [...this.#members.values()].filter((m) => m.status === 'running' || m.status === 'pending_init').length;
  }

  async #spawn(from: string, req: SpawnRequest): Promise<AgentOutcome<{ path: string }>> {
    const path = `${from}/${req.taskName}`;
    if (this.#members.has(path)) return { ok: false, output: this.texts.nameTaken(path) };
    if (this.#active() >= this.maxActive) return { ok: false, output: this.texts.noSlot(this.maxActive) };
    const parent = this.#member(from).thread;
    // A child that inherits the history copies the rollout as it stands: write it out first.
    if (req.forkTurns === 'all') await parent.flush();
    const from_ = this.#member(from);
    const parentTurnId = parent.currentTurnId;
    const rootTurnId = from_.parentPath === undefined ? parentTurnId : from_.rootTurnId;
    const taken = new Set([...this.#members.values()].flatMap((m) => (m.nickname !== undefined ? [m.nickname] : [])));
    const nickname = pickNickname(taken, this.random);
    const link: SubagentLink = { rootThreadId: this.#member(ROOT_PATH).thread.id, parentThreadId: parent.id, agentPath: path, depth: path.split('/').length - 2, nickname, parentTurnId, rootTurnId };
    const thread = await this.openChild({ parent, forkTurns: req.forkTurns, model: req.model, reasoningEffort: req.reasoningEffort as ReasoningEffort | undefined, link });
    const member: Member = { path, nickname, rootTurnId, parentPath: from, thread, status: 'pending_init', mailbox: new Mailbox() };
    this.#members.set(path, member);
    thread.joinTeam(this.portFor(path));
    const resolved = await thread.nextTurnSettings();
    const model = resolved.model.slug;
    const reasoningEffort = resolved.reasoningEffort ?? resolved.model.default_reasoning_level ?? null;
    this.#emit({ type: 'agent_spawned', path, threadId: thread.id, parentThreadId: parent.id, nickname, callId: req.callId, parentTurnId, model, reasoningEffort });
    await parent.recordAgentActivity({ kind: 'started', id: req.callId, agentThreadId: thread.id, agentPath: path, model, reasoningEffort });
    thread.deliver(this.#envelope('NEW_TASK', from, path, req.message), { triggerTurn: true });
    this.#startTurn(member);
    return { ok: true, value: { path } };
  }

  async #message(callId: string, from: string, target: string, message: string, kind: 'MESSAGE' | 'NEW_TASK'): Promise<AgentOutcome<void>> {
    const path = this.#resolve(from, target);
    const member = this.#members.get(path);
    if (member === undefined) return { ok: false, output: this.texts.notFound(path) };
    member.thread.deliver(this.#envelope(kind, from, path, message), { triggerTurn: kind === 'NEW_TASK' });
    // A follow-up task starts a turn when the agent is idle; a message waits for its next boundary.
    // A task given while a turn runs joins it at a boundary, or, when that turn ends without one
    // (interrupted while sampling), starts the next turn, as Codex 0.169 does.
    if (kind === 'NEW_TASK' && member.turn === undefined) this.#startTurn(member);
    else if (kind === 'NEW_TASK') member.followupWaiting = true;
    member.mailbox.notify();
    await this.#contacted('interacted', callId, from, member);
    return { ok: true, value: undefined };
  }

  async #interrupt(callId: string, from: string, target: string): Promise<AgentOutcome<{ previous: AgentStatus }>> {
    const path = this.#resolve(from, target);
    const member = this.#members.get(path);
    if (member === undefined || member.parentPath === undefined) return { ok: false, output: this.texts.notFound(path) };
    const previous = member.status;
    if (member.turn !== undefined) {
      member.turn.abort();
      await member.settled;
    }
    await this.#contacted('interrupted', callId, from, member);
    return { ok: true, value: { previous } };
  }

  /** Codex 0.169 reports each delivered message, task or interrupt on the caller's turn. */
  async #contacted(kind: 'interacted' | 'interrupted', callId: string, from: string, member: Member): Promise<void> {
    const caller = this.#member(from).thread;
    this.#emit({ type: 'agent_contacted', kind, path: member.path, threadId: member.thread.id, callId, callerThreadId: caller.id, callerTurnId: caller.currentTurnId });
    await caller.recordAgentActivity({ kind, id: callId, agentThreadId: member.thread.id, agentPath: member.path, model: null, reasoningEffort: null });
  }

  #list(prefix: string | undefined): { path: string; status: AgentStatus }[] {
    const all = [...this.#members.values()].map((m) => ({ path: m.path, status: m.status }));
    if (prefix === undefined) return all;
    return all.filter((a) => a.path === prefix || a.path.startsWith(`${prefix}/`));
  }

  /** Runs the member's next turn in the background; its end reaches the parent as a final answer. */
  #startTurn(member: Member): void {
    const abort = new AbortController();
    member.turn = abort;
    this.#setStatus(member, 'running');
    const turnId = randomUUID();
    const { path } = member;
    const threadId = member.thread.id;
    const parent = member.parentPath === undefined ? undefined : this.#members.get(member.parentPath);
    const parentThreadId = parent?.thread.id ?? threadId;
    this.#emit({ type: 'agent_turn_started', path, threadId, parentThreadId, turnId, rootTurnId: member.rootTurnId });
    const onEvent = (event: ThreadEvent): void => this.#emit({ type: 'agent_turn_event', path, threadId, turnId, event });
    const ended = (status: 'completed' | 'interrupted' | 'failed'): void =>
      this.#emit({ type: 'agent_turn_ended', path, threadId, parentThreadId, parentTurnId: parent?.thread.currentTurnId, turnId, status });
    member.settled = member.thread
      .run('', { withoutInput: true, signal: abort.signal, turnId, onEvent })
      .then(async (outcome) => {
        if (outcome.status === 'completed') {
          // The parent records the completion (Codex names it after the child's turn) before the answer reaches it.
          await parent?.thread.recordAgentActivity({ kind: 'completed', id: `subagent-completed-${turnId}`, agentThreadId: threadId, agentPath: path, model: null, reasoningEffort: null });
          this.#setStatus(member, { completed: outcome.lastMessage ?? null });
          ended('completed');
          this.#finalAnswer(member, outcome.lastMessage ?? '');
        } else {
          this.#setStatus(member, outcome.status === 'interrupted' ? 'interrupted' : 'errored');
          ended(outcome.status === 'interrupted' ? 'interrupted' : 'failed');
        }
      })
      .catch(() => {
        this.#setStatus(member, 'errored');
        ended('failed');
      })
      .finally(() => {
        if (member.turn !== abort) return;
        member.turn = undefined;
        const followup = member.followupWaiting === true && member.thread.pendingItemCount() > 0;
        member.followupWaiting = false;
        if (followup && !this.#closing) this.#startTurn(member);
      });
  }

  #finalAnswer(member: Member, text: string): void {
    if (member.parentPath === undefined) return;
    const parent = this.#members.get(member.parentPath);
    if (parent === undefined) return;
    const header = this.texts.envelope('FINAL_ANSWER', parent.path, member.path);
    // An answer does not start a turn of the parent (Codex 0.169 records it as not triggering one).
    parent.thread.deliver(agentMessage(member.path, parent.path, [{ type: 'input_text', text: header + text }]), { triggerTurn: false });
    parent.mailbox.notify();
  }

  #envelope(kind: EnvelopeKind, author: string, recipient: string, payload: string): AgentMessageItem {
    return agentMessage(author, recipient, [
      { type: 'input_text', text: this.texts.envelope(kind, recipient, author) },
      { type: 'encrypted_content', encrypted_content: payload },
    ]);
  }

  #setStatus(member: Member, status: AgentStatus): void {
    member.status = status;
    this.#emit({ type: 'agent_status', path: member.path, threadId: member.thread.id, status });
  }

  /** An observer that throws is its own failure: the agents' turns go on (the listener is told nothing more). */
  #emit(event: TeamEvent): void {
    for (const l of this.#listeners) {
      try {
        l(event);
      } catch {
        this.#listeners.delete(l);
      }
    }
  }
}

function agentMessage(author: string, recipient: string, content: AgentMessageItem['content']): AgentMessageItem {
  return { type: 'agent_message', id: `amsg_${randomUUID()}`, author, recipient, content };
}
