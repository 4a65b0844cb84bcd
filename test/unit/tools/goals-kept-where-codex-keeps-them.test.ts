// A thread's goal is kept in the home's goals_1.sqlite, table thread_goals, as Codex 0.169 keeps it:
// a database weft creates carries Codex's two migrations (so Codex applies none again), a goal
// written by either engine is read by the other's queries, a response's new tokens count against an
// active goal only, and reaching the budget stops the goal (budget_limited). The three goal tools
// answer in Codex's JSON, refuse a second unfinished goal, and hand the objective back as context.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { GoalStore, goalsDbPath } from '../../../src/tools/goals/goal-store.js';
import { createGoal, getGoal, updateGoal } from '../../../src/tools/goals/goal-tools.js';
import { goalTokensOf } from '../../../src/tools/goals/thread-goal.js';
import { execToolContext, toolCall } from '../../support/exec-tool-context.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { weftToolTexts } from '../../support/tool-texts.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
const THREAD = '01a22347-e125-7b21-9c3a-241bb6f088c1';

afterEach(removeTempDirs);

async function store(now: () => number = () => 1_795_888_243_093): Promise<GoalStore> {
  return new GoalStore(goalsDbPath(await tempDir('weft-goals-'), {}), now);
}

describe('goal store', () => {
  it('creates goals_1.sqlite with Codex’s tables and migration records', async () => {
    const s = await store();
    expect(existsSync(s.path)).toBe(false);
    s.create(THREAD, 'Write the report', null);
    s.close();
    const db = new Database(s.path, { readonly: true });
    const migrations = db.prepare('SELECT version, description, hex(checksum) AS sum FROM _sqlx_migrations ORDER BY version').all();
    expect(migrations).toEqual([
      { version: 1, description: 'thread goals', sum: '8CE6280244A0B4B39C7C37C7F67AFF1670EC963D2401CDF2ABCFEA9904102DB6CD99B7BEDF366267791A45EB12F17713' },
      { version: 2, description: 'thread goal continuation deferrals', sum: 'F3FF7DE2FD89914820BEF371081E885FD17DF18A6FBDC432399A83255A8A01AA32FB7EEA5E4DE21A17BDA3DA16C49584' },
    ]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const row = db.prepare('SELECT objective, status, token_budget, tokens_used FROM thread_goals WHERE thread_id = ?').get(THREAD);
    expect(row).toEqual({ objective: 'Write the report', status: 'active', token_budget: null, tokens_used: 0 });
    db.close();
  });

  it('reads a goal another engine wrote, and takes the database from CODEX_SQLITE_HOME when set', async () => {
    const s = await store();
    s.create(THREAD, 'x', null);
    s.close();
    const db = new Database(s.path);
    db.prepare("UPDATE thread_goals SET status = 'paused', tokens_used = 99 WHERE thread_id = ?").run(THREAD);
    db.close();
    expect(new GoalStore(s.path).get(THREAD)).toMatchObject({ status: 'paused', tokensUsed: 99 });
    expect(goalsDbPath('/home', { CODEX_SQLITE_HOME: '/sqlite' })).toBe(join('/sqlite', 'goals_1.sqlite'));
  });

  it('counts new input and output tokens against an active goal, until its budget stops it', async () => {
    const s = await store();
    expect(s.account(THREAD, 240)).toBe(false);
    s.create(THREAD, 'Small', 300);
    const usage = { input_tokens: 1200, cached_input_tokens: 1000, output_tokens: 40 };
    expect(s.account(THREAD, goalTokensOf(usage))).toBe(true);
    // Counted, not written until settled (get_goal shows the goal as last written).
    expect(s.get(THREAD)).toMatchObject({ tokensUsed: 0 });
    expect(s.settle(THREAD)).toMatchObject({ tokensUsed: 240, status: 'active' });
    s.account(THREAD, goalTokensOf(usage));
    expect(s.settle(THREAD)).toMatchObject({ tokensUsed: 480, status: 'budget_limited' });
    // No longer active: nothing more is counted.
    expect(s.account(THREAD, 240)).toBe(false);
  });
});

describe('goal tools', () => {
  it('answer as Codex does and refuse what Codex refuses', async () => {
    const s = await store();
    const ctx = { ...execToolContext({ cwd: '/' }), goals: { threadId: THREAD, store: s } };
    expect((await getGoal(toolCall('get_goal', {}), ctx)).output).toBe('{"goal":null,"remainingTokens":null,"completionBudgetReport":null}');
    expect((await updateGoal(toolCall('update_goal', { status: 'complete' }), ctx)).output).toBe(weftToolTexts.goals.noGoal());
    expect((await createGoal(toolCall('create_goal', { objective: '  ' }), ctx)).output).toBe(weftToolTexts.goals.emptyObjective());
    expect((await createGoal(toolCall('create_goal', { objective: 'X', token_budget: 0 }), ctx)).output).toBe(weftToolTexts.goals.badBudget());
    const created = await createGoal(toolCall('create_goal', { objective: 'Write the report', token_budget: 50000 }), ctx);
    expect(JSON.parse(created.output as string)).toEqual({
      goal: { threadId: THREAD, objective: 'Write the report', status: 'active', tokenBudget: 50000, tokensUsed: 0, timeUsedSeconds: 0, createdAt: 1795888243, updatedAt: 1795888243 },
      remainingTokens: 50000,
      completionBudgetReport: null,
    });
    expect(created.followUp).toEqual([{ type: 'function_call_output', name: 'goal_objective', namespace: 'agent', output: 'Write the report' }]);
    expect((await createGoal(toolCall('create_goal', { objective: 'Another' }), ctx)).output).toBe(weftToolTexts.goals.unfinishedGoal());
    expect((await updateGoal(toolCall('update_goal', { status: 'active' }), ctx)).output).toBe(weftToolTexts.goals.statusNotAllowed());
    const done = JSON.parse((await updateGoal(toolCall('update_goal', { status: 'complete' }), ctx)).output as string);
    expect(done.goal.status).toBe('complete');
    expect(done.completionBudgetReport).toBe(weftToolTexts.goals.completionReport());
  });

  it('a goal stopped by its budget keeps that status whatever the model sets', async () => {
    const s = await store();
    const ctx = { ...execToolContext({ cwd: '/' }), goals: { threadId: THREAD, store: s } };
    s.create(THREAD, 'Small', 100);
    s.account(THREAD, 240);
    s.settle(THREAD);
    const paused = JSON.parse((await updateGoal(toolCall('update_goal', { status: 'paused' }), ctx)).output as string);
    expect(paused).toMatchObject({ goal: { status: 'budgetLimited', tokensUsed: 240 }, remainingTokens: 0 });
  });
});
