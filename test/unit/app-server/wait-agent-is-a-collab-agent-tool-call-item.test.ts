// The app-server under multi-agent v2, as the real Codex 0.169's shows it on the same script:
// wait_agent is a `collabAgentToolCall` item (tool `wait`) started with the call and completed with
// its output, naming the waiting thread, with no receivers, prompt, model or agent states; the
// item passes the 0.169 schema (the authority, read by ajv). Other collaboration calls send no
// collabAgentToolCall item.
import { expect, it } from 'vitest';
import { generation0169 } from '../../../src/app-server/generation/v0169/generation.js';
import { TurnNotifier } from '../../../src/app-server/turn-notifier.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';
import { AuthoritySchema0169 } from '../../support/authority-schema-0169.js';

const call = (name: string, callId: string): ThreadEvent => ({ type: 'model_item', item: { type: 'function_call', name, namespace: 'collaboration', arguments: '{}', call_id: callId } });
const output = (callId: string): ThreadEvent => ({ type: 'tool_output', item: { type: 'function_call_output', call_id: callId, output: '{}' } });

it('wait_agent is a collabAgentToolCall item from its call to its output, as the 0.169 schema has it', () => {
  const shaper = generation0169('0.169.0').newShaper();
  const sent: { method: string; params: Record<string, unknown> }[] = [];
  const notifier = new TurnNotifier((method, params) => sent.push({ method, params: shaper.shape(method, params as Record<string, unknown>, 0) }), 'T-root', 'turn-1');
  for (const e of [call('spawn_agent', 's1'), output('s1'), call('wait_agent', 'w1'), output('w1'), call('list_agents', 'l1'), output('l1')]) notifier.on(e);
  const items = sent.filter((m) => m.method.startsWith('item/')).map((m) => ({ method: m.method, item: m.params.item as Record<string, unknown> }));
  expect(items.map((i) => [i.method, i.item.type, i.item.status])).toEqual([
    ['item/started', 'collabAgentToolCall', 'inProgress'],
    ['item/completed', 'collabAgentToolCall', 'completed'],
  ]);
  const started = items[0]?.item ?? {};
  expect(Object.keys(started)).toEqual(['type', 'id', 'tool', 'status', 'senderThreadId', 'receiverThreadIds', 'prompt', 'model', 'reasoningEffort', 'agentsStates', 'startedAtMs', 'completedAtMs']);
  expect(started).toMatchObject({ id: 'w1', tool: 'wait', senderThreadId: 'T-root', receiverThreadIds: [], prompt: null, model: null, reasoningEffort: null, agentsStates: {} });
  const schema = new AuthoritySchema0169();
  for (const m of sent.filter((x) => x.method.startsWith('item/'))) expect(schema.problem(m, () => undefined)).toBe('');
});
