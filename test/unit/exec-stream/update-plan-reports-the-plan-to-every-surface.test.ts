// update_plan answers with the pack's text and reports the plan: a `plan_updated` thread event for
// library users, an exec `todo_list` item (started on the first update, updated after, completed
// with the turn, after the turn's last message) and app-server `turn/plan/updated`.
import { describe, expect, it } from 'vitest';
import { SERVER_NOTIFICATIONS } from '../../../protocol/app-server/methods.js';
import { ExecEventMapper } from '../../../src/exec-stream/exec-events.js';
import { updatePlan, type PlanUpdate } from '../../../src/tools/update-plan.js';
import { execToolContext, toolCall } from '../../support/exec-tool-context.js';
import { weftToolTexts } from '../../support/tool-texts.js';

const plan = [
  { step: 'Read the code', status: 'completed' },
  { step: 'Write the fix', status: 'in_progress' },
  { step: 'Run the tests', status: 'pending' },
] as const;

describe('update_plan', () => {
  it('answers with the pack text and hands the plan to the context', async () => {
    const seen: PlanUpdate[] = [];
    const ctx = { ...execToolContext({ cwd: '/' }), onPlanUpdate: (p: PlanUpdate) => void seen.push(p) };
    const result = await updatePlan(toolCall('update_plan', { explanation: 'Three steps.', plan }, 'call_plan_1'), ctx);
    expect(result).toEqual({ output: weftToolTexts.planUpdated(), success: true });
    expect(seen).toEqual([{ callId: 'call_plan_1', explanation: 'Three steps.', plan }]);
  });

  it('refuses an unknown step status, naming it, and reports nothing', async () => {
    const seen: PlanUpdate[] = [];
    const ctx = { ...execToolContext({ cwd: '/' }), onPlanUpdate: (p: PlanUpdate) => void seen.push(p) };
    const result = await updatePlan(toolCall('update_plan', { plan: [{ step: 'x', status: 'done' }] }), ctx);
    expect(result.success).toBe(false);
    expect(String(result.output)).toContain('plan.0.status');
    expect(seen).toEqual([]);
  });

  it('becomes an exec todo_list item, completed after the last message of the turn', () => {
    const m = new ExecEventMapper();
    const out = [
      ...m.map({ type: 'turn_started', threadId: 't', turnId: 'u' }),
      ...m.map({ type: 'plan_updated', callId: 'c', explanation: null, plan }),
      ...m.map({ type: 'plan_updated', callId: 'c2', explanation: null, plan: plan.map((p) => ({ ...p, status: 'completed' as const })) }),
      ...m.map({ type: 'model_item', item: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Plan updated.' }] } }),
      ...m.map({ type: 'turn_completed', turnId: 'u', usage: null, lastMessage: 'Plan updated.' }),
    ];
    const items = [{ text: 'Read the code', completed: true }, { text: 'Write the fix', completed: false }, { text: 'Run the tests', completed: false }];
    const done = items.map((i) => ({ ...i, completed: true }));
    expect(out.map((e) => e.type)).toEqual(['turn.started', 'item.started', 'item.updated', 'item.completed', 'item.completed', 'turn.completed']);
    expect(out[1]).toEqual({ type: 'item.started', item: { id: 'item_0', type: 'todo_list', items } });
    expect(out[2]).toEqual({ type: 'item.updated', item: { id: 'item_0', type: 'todo_list', items: done } });
    expect(out[4]).toEqual({ type: 'item.completed', item: { id: 'item_0', type: 'todo_list', items: done } });
  });

  it('app-server turn/plan/updated has the 0.169 schema shape (inProgress)', () => {
    const params = {
      threadId: 't',
      turnId: 'u',
      explanation: null,
      plan: [{ step: 'Write the fix', status: 'inProgress' }],
    };
    expect(SERVER_NOTIFICATIONS['turn/plan/updated'].safeParse(params).success).toBe(true);
    expect(SERVER_NOTIFICATIONS['turn/plan/updated'].safeParse({ ...params, plan: [{ step: 'x', status: 'in_progress' }] }).success).toBe(false);
  });
});
