// What a client of a root thread is told while its agents work, as Codex 0.169's app-server tells
// it: a spawn is a `subAgentActivity` item (kind `started`, the spawn call's id, the child's
// resolved model and effort) on the parent's turn, with the child's thread/status/changed (idle)
// inside it; each child turn is reported on the child's thread id (status active, turn/started
// naming the root turn, its items, token usage, status idle, turn/completed); a completed child
// turn is a `subAgentActivity` item (kind `completed`, id `subagent-completed-<child turn>`) on
// the parent's turn around the child's turn/completed; a message or task an agent delivers, or an
// interrupt, is a `subAgentActivity` item (kind `interacted` or `interrupted`, the call's id) on the
// caller's turn. The child threads are not loaded in the
// server: their notifications go to the root's client only.
import type { TeamEvent } from '../engine/agents/agent-team.js';
import type { AgentTeam } from '../engine/agents/agent-team.js';
import type { ThreadItem } from '../../protocol/app-server/common.js';
import type { Turn } from '../../protocol/app-server/common.js';
import type { AppServerGeneration } from './generation/generation.js';
import { TurnNotifier, type Notify } from './turn-notifier.js';

/** What the reporter needs of the root thread's channel (the loaded thread's). */
export interface SubAgentChannel {
  readonly generation: AppServerGeneration;
  readonly notify: Notify;
  notifyAny(method: string, params: Record<string, unknown>): void;
  turnSummary(turnId: string): Turn['items'];
}

interface ChildTurn {
  readonly notifier: TurnNotifier;
  readonly startedAtMs: number;
  readonly rootTurnId: string | undefined;
}

/** Reports the team's agents to the channel until the returned function is called. */
export function reportSubAgents(team: AgentTeam | undefined, channel: SubAgentChannel): () => void {
  if (team === undefined || !channel.generation.reportsThreadStatus) return () => undefined;
  const turns = new Map<string, ChildTurn>();
  const item = (method: 'item/started' | 'item/completed', threadId: string, turnId: string | undefined, it: ThreadItem): void => {
    if (turnId !== undefined) channel.notify(method, { item: it, threadId, turnId });
  };
  const status = (threadId: string, s: Record<string, unknown>): void => channel.notifyAny('thread/status/changed', { threadId, status: s });
  const turnObject = (id: string, st: Turn['status'], t: ChildTurn, completedAtMs: number | null, items: Turn['items'] = []): Turn =>
    channel.generation.turn({ id, status: st, error: null, items, startedAtMs: t.startedAtMs, completedAtMs, rootTurnId: t.rootTurnId }) as Turn;

  return team.onEvent((e: TeamEvent) => {
    switch (e.type) {
      case 'agent_spawned': {
        const activity: ThreadItem = { type: 'subAgentActivity', model: e.model, reasoningEffort: e.reasoningEffort, id: e.callId, kind: 'started', agentThreadId: e.threadId, agentPath: e.path };
        item('item/started', e.parentThreadId, e.parentTurnId, activity);
        status(e.threadId, { type: 'idle' });
        item('item/completed', e.parentThreadId, e.parentTurnId, activity);
        return;
      }
      case 'agent_contacted': {
        // A message, a task or an interrupt delivered: reported as Codex 0.169 reports it, without model or effort.
        const activity: ThreadItem = { type: 'subAgentActivity', model: null, reasoningEffort: null, id: e.callId, kind: e.kind, agentThreadId: e.threadId, agentPath: e.path };
        item('item/started', e.callerThreadId, e.callerTurnId, activity);
        item('item/completed', e.callerThreadId, e.callerTurnId, activity);
        return;
      }
      case 'agent_turn_started': {
        const t: ChildTurn = { notifier: new TurnNotifier((m, p) => channel.notify(m, p), e.threadId, e.turnId, [], channel.generation), startedAtMs: Date.now(), rootTurnId: e.rootTurnId };
        turns.set(e.turnId, t);
        status(e.threadId, { type: 'active', activeFlags: [] });
        channel.notify('turn/started', { threadId: e.threadId, turn: turnObject(e.turnId, 'inProgress', t, null) });
        return;
      }
      case 'agent_turn_event':
        turns.get(e.turnId)?.notifier.on(e.event);
        return;
      case 'agent_turn_ended': {
        const t = turns.get(e.turnId);
        if (t === undefined) return;
        turns.delete(e.turnId);
        t.notifier.settle();
        const activity: ThreadItem | undefined =
          e.status === 'completed' ? { type: 'subAgentActivity', model: null, reasoningEffort: null, id: `subagent-completed-${e.turnId}`, kind: 'completed', agentThreadId: e.threadId, agentPath: e.path } : undefined;
        if (activity) item('item/started', e.parentThreadId, e.parentTurnId, activity);
        status(e.threadId, e.status === 'failed' ? { type: 'systemError' } : { type: 'idle' });
        channel.notify('turn/completed', { threadId: e.threadId, turn: turnObject(e.turnId, e.status, t, Date.now(), channel.turnSummary(e.turnId)) });
        if (activity) item('item/completed', e.parentThreadId, e.parentTurnId, activity);
        return;
      }
      default:
        return;
    }
  });
}
