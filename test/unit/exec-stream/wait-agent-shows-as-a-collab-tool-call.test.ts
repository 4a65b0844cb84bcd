// `exec --json` under multi-agent v2, as the real Codex 0.169 prints it on the same script: only
// wait_agent becomes an item, a `collab_tool_call` of tool `wait` started with the call and completed
// with its output, naming the waiting thread and no receivers or agent states. The other
// collaboration calls (spawn_agent, send_message, list_agents…) print nothing.
import { expect, it } from 'vitest';
import { ExecEventMapper } from '../../../src/exec-stream/exec-events.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';

const call = (name: string, callId: string): ThreadEvent => ({
  type: 'model_item',
  item: { type: 'function_call', name, namespace: 'collaboration', arguments: '{}', call_id: callId },
});
const output = (callId: string, text: string): ThreadEvent => ({ type: 'tool_output', item: { type: 'function_call_output', call_id: callId, output: text } });

it('wait_agent is a collab_tool_call item from its call to its output; the other collaboration calls print nothing', () => {
  const mapper = new ExecEventMapper({ usageFields: 'full' });
  const events: ThreadEvent[] = [
    { type: 'thread_started', threadId: 'T-root', rolloutPath: '/tmp/rollout.jsonl' },
    { type: 'turn_started', threadId: 'T-root', turnId: 'turn-1' },
    call('spawn_agent', 's1'),
    output('s1', '{"task_name":"/root/alpha"}'),
    call('wait_agent', 'w1'),
    output('w1', '{"message":"done","timed_out":false}'),
    call('list_agents', 'l1'),
    output('l1', '{"agents":[]}'),
    { type: 'model_item', item: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'all done' }] } },
  ];
  const printed = events.flatMap((e) => mapper.map(e));
  const wait = { id: 'item_0', type: 'collab_tool_call', tool: 'wait', sender_thread_id: 'T-root', receiver_thread_ids: [], prompt: null, agents_states: {} };
  expect(printed).toEqual([
    { type: 'thread.started', thread_id: 'T-root' },
    { type: 'turn.started' },
    { type: 'item.started', item: { ...wait, status: 'in_progress' } },
    { type: 'item.completed', item: { ...wait, status: 'completed' } },
    { type: 'item.completed', item: { id: 'item_1', type: 'agent_message', text: 'all done' } },
  ]);
});

it('a wait_agent outside the collaboration namespace is no agent call', () => {
  const mapper = new ExecEventMapper();
  expect(mapper.map({ type: 'model_item', item: { type: 'function_call', name: 'wait_agent', arguments: '{}', call_id: 'x' } })).toEqual([]);
});
