// What an editor sees of a turn: the app-server's notifications of one thread as ACP session
// updates. Agent text and reasoning stream as chunks; a command or a patch is a tool call, shown
// when it starts and updated when it ends (with its output); everything else has no ACP form.
import type { SessionUpdate, ToolCallContent, ToolCallStatus, ToolKind } from '@agentclientprotocol/sdk';
import type { Json } from './app-server-link.js';

type Item = Json & { type?: string; id?: string };

const text = (t: string): ToolCallContent => ({ type: 'content', content: { type: 'text', text: t } });

/** A tool call's status from an item's (`inProgress`, `completed`, `failed`, `declined`). */
function toolStatus(status: unknown): ToolCallStatus {
  if (status === 'completed') return 'completed';
  if (status === 'failed' || status === 'declined') return 'failed';
  return 'in_progress';
}

function toolCallOf(item: Item): { title: string; kind: ToolKind; rawInput: Json; locations?: { path: string }[] } | undefined {
  if (item.type === 'commandExecution') return { title: String(item.command ?? ''), kind: 'execute', rawInput: { command: item.command, cwd: item.cwd } };
  if (item.type === 'fileChange') {
    const changes = Array.isArray(item.changes) ? (item.changes as Json[]) : [];
    const paths = changes.map((c) => String(c.path ?? ''));
    return { title: `Edit ${paths.join(', ')}`, kind: 'edit', rawInput: { changes }, locations: paths.map((p) => ({ path: p })) };
  }
  if (item.type === 'mcpToolCall') return { title: `${String(item.server ?? '')}: ${String(item.tool ?? '')}`, kind: 'other', rawInput: { arguments: item.arguments } };
  if (item.type === 'webSearch') return { title: `Search: ${String(item.query ?? '')}`, kind: 'fetch', rawInput: { query: item.query } };
  return undefined;
}

/** The output a finished tool call shows. */
function toolOutput(item: Item): ToolCallContent[] {
  if (item.type === 'commandExecution' && typeof item.aggregatedOutput === 'string' && item.aggregatedOutput !== '') return [text(item.aggregatedOutput)];
  if (item.type === 'fileChange' && Array.isArray(item.changes)) {
    return (item.changes as Json[]).flatMap((c) => (typeof c.diff === 'string' ? [text(`${String(c.path)}\n${c.diff}`)] : []));
  }
  return [];
}

export function sessionUpdatesOf(method: string, params: Json): SessionUpdate[] {
  switch (method) {
    case 'item/agentMessage/delta':
      return [{ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: String(params.delta ?? '') }, messageId: String(params.itemId ?? '') }];
    case 'item/reasoning/summaryTextDelta':
    case 'item/reasoning/textDelta':
      return [{ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: String(params.delta ?? '') } }];
    case 'item/started': {
      const item = params.item as Item;
      const call = toolCallOf(item);
      return call ? [{ sessionUpdate: 'tool_call', toolCallId: String(item.id), status: 'in_progress', ...call }] : [];
    }
    case 'item/completed': {
      const item = params.item as Item;
      if (!toolCallOf(item)) return [];
      return [{ sessionUpdate: 'tool_call_update', toolCallId: String(item.id), status: toolStatus(item.status), content: toolOutput(item), rawOutput: { exitCode: item.exitCode ?? null } }];
    }
    case 'turn/plan/updated': {
      const plan = Array.isArray(params.plan) ? (params.plan as Json[]) : [];
      return [
        {
          sessionUpdate: 'plan',
          entries: plan.map((p) => ({
            content: String(p.step ?? ''),
            priority: 'medium',
            status: p.status === 'completed' ? 'completed' : p.status === 'inProgress' ? 'in_progress' : 'pending',
          })),
        },
      ];
    }
    default:
      return [];
  }
}

/** A stored thread's turns (0.169 shape) replayed as the updates an editor shows for them. */
export function replayUpdates(turns: readonly Json[]): SessionUpdate[] {
  const out: SessionUpdate[] = [];
  for (const turn of turns) {
    for (const item of (turn.items ?? []) as Item[]) {
      if (item.type === 'userMessage') {
        for (const c of (item.content ?? []) as Json[]) {
          if (c.type === 'text') out.push({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: String(c.text) }, messageId: String(item.id) });
        }
      } else if (item.type === 'agentMessage') {
        out.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: String(item.text ?? '') }, messageId: String(item.id) });
      } else {
        const call = toolCallOf(item);
        if (call) out.push({ sessionUpdate: 'tool_call', toolCallId: String(item.id), status: toolStatus(item.status), content: toolOutput(item), ...call });
      }
    }
  }
  return out;
}
