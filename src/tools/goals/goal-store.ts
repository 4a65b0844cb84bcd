// Where a thread's goal lives: Codex 0.169's goal database in the home (`goals_1.sqlite`, or in
// `$CODEX_SQLITE_HOME`), table `thread_goals`, one row per thread, so weft and Codex see the same
// goal. When weft is first to need the file it creates it as Codex would find it migrated: the same
// tables, WAL mode, and the two migrations recorded in sqlx's table with Codex's checksums (facts: the
// SHA-384 of Codex's migration scripts), so a later Codex start applies nothing twice.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { GoalStatus, type ThreadGoal } from './thread-goal.js';

export const GOALS_DB_FILENAME = 'goals_1.sqlite';
const BUSY_TIMEOUT_MS = 5000;

/** sqlx's record of Codex's goal migrations: version, description, checksum (hex). */
const MIGRATIONS = [
  [1, 'thread goals', '8CE6280244A0B4B39C7C37C7F67AFF1670EC963D2401CDF2ABCFEA9904102DB6CD99B7BEDF366267791A45EB12F17713'],
  [2, 'thread goal continuation deferrals', 'F3FF7DE2FD89914820BEF371081E885FD17DF18A6FBDC432399A83255A8A01AA32FB7EEA5E4DE21A17BDA3DA16C49584'],
] as const;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS _sqlx_migrations (
  version BIGINT PRIMARY KEY,
  description TEXT NOT NULL,
  installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  success BOOLEAN NOT NULL,
  checksum BLOB NOT NULL,
  execution_time BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS thread_goals (
  thread_id TEXT PRIMARY KEY NOT NULL,
  goal_id TEXT NOT NULL,
  objective TEXT NOT NULL,
  status TEXT NOT NULL CHECK(status IN ('active', 'paused', 'blocked', 'usage_limited', 'budget_limited', 'complete')),
  token_budget INTEGER,
  tokens_used INTEGER NOT NULL DEFAULT 0,
  time_used_seconds INTEGER NOT NULL DEFAULT 0,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS thread_goal_continuation_deferrals (
  thread_id TEXT PRIMARY KEY NOT NULL REFERENCES thread_goals(thread_id) ON DELETE CASCADE
);`;

export function goalsDbPath(home: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  return join(env.CODEX_SQLITE_HOME || home, GOALS_DB_FILENAME);
}

interface GoalRow {
  thread_id: string;
  goal_id: string;
  objective: string;
  status: string;
  token_budget: number | null;
  tokens_used: number;
  time_used_seconds: number;
  created_at_ms: number;
  updated_at_ms: number;
}

function goalOf(row: GoalRow): ThreadGoal {
  return {
    threadId: row.thread_id,
    goalId: row.goal_id,
    objective: row.objective,
    status: GoalStatus.parse(row.status),
    tokenBudget: row.token_budget,
    tokensUsed: row.tokens_used,
    timeUsedSeconds: row.time_used_seconds,
    createdAtMs: row.created_at_ms,
    updatedAtMs: row.updated_at_ms,
  };
}

/** What a goal tool needs of its thread: which thread it is, and the home's goal store. */
export interface GoalAccess {
  threadId: string;
  store: GoalStore;
}

/** What changed a goal: the store's listeners hear every write (app-server notifications, events). */
export type GoalChange = { threadId: string; goal: ThreadGoal | null };

export class GoalStore {
  #db: BetterSqlite3.Database | undefined;
  readonly #listeners = new Set<(change: GoalChange) => void>();

  constructor(
    readonly path: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Hear every change this store writes; returns the unsubscribe. */
  onChange(listener: (change: GoalChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** True when the database exists (Codex or weft made it) or this store opened it. */
  exists(): boolean {
    return this.#db !== undefined || existsSync(this.path);
  }

  #open(): BetterSqlite3.Database {
    if (this.#db !== undefined) return this.#db;
    mkdirSync(dirname(this.path), { recursive: true });
    const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
    const db = new Database(this.path, { timeout: BUSY_TIMEOUT_MS });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    db.exec(SCHEMA);
    const record = db.prepare('INSERT OR IGNORE INTO _sqlx_migrations (version, description, success, checksum, execution_time) VALUES (?, ?, 1, ?, 0)');
    for (const [version, description, checksum] of MIGRATIONS) record.run(version, description, Buffer.from(checksum, 'hex'));
    this.#db = db;
    return db;
  }

  get(threadId: string): ThreadGoal | null {
    const row = this.#open().prepare('SELECT * FROM thread_goals WHERE thread_id = ?').get(threadId) as GoalRow | undefined;
    return row === undefined ? null : goalOf(row);
  }

  /** A new active goal for the thread (replacing a finished one). */
  create(threadId: string, objective: string, tokenBudget: number | null): ThreadGoal {
    const at = this.now();
    const goal: ThreadGoal = { threadId, goalId: randomUUID(), objective, status: 'active', tokenBudget, tokensUsed: 0, timeUsedSeconds: 0, createdAtMs: at, updatedAtMs: at };
    this.#open()
      .prepare(
        `INSERT OR REPLACE INTO thread_goals (thread_id, goal_id, objective, status, token_budget, tokens_used, time_used_seconds, created_at_ms, updated_at_ms)
         VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?)`,
      )
      .run(threadId, goal.goalId, objective, goal.status, tokenBudget, at, at);
    return this.#changed(threadId);
  }

  /** Sets the fields given (objective, status, budget); null when the thread has no goal. */
  update(threadId: string, change: { objective?: string; status?: GoalStatus; tokenBudget?: number | null }): ThreadGoal | null {
    const goal = this.get(threadId);
    if (goal === null) return null;
    const next = { ...goal, ...change };
    this.#open()
      .prepare('UPDATE thread_goals SET objective = ?, status = ?, token_budget = ?, updated_at_ms = ? WHERE thread_id = ?')
      .run(next.objective, next.status, next.tokenBudget, this.now(), threadId);
    return this.#changed(threadId);
  }

  /** Tokens counted against each thread's active goal and not written yet. */
  readonly #pending = new Map<string, number>();

  /**
   * Counts a model response against the thread's goal while it is active. The count is kept aside
   * and written by `settle`, when the turn loop says (thread/goal-usage.ts: after the next
   * response's calls, or as the turn ends): get_goal in between shows the goal as last written.
   * False when nothing was counted.
   */
  account(threadId: string, tokens: number): boolean {
    if (!this.exists()) return false;
    const goal = this.get(threadId);
    if (goal === null || goal.status !== 'active') return false;
    this.#pending.set(threadId, (this.#pending.get(threadId) ?? 0) + tokens);
    return true;
  }

  /**
   * Writes what was counted against the thread's goal: its tokens and the time since the goal was
   * last written; an active goal whose budget is used up becomes `budget_limited`. Null when there
   * was nothing to write.
   */
  settle(threadId: string): ThreadGoal | null {
    const tokens = this.#pending.get(threadId);
    if (tokens === undefined) return null;
    this.#pending.delete(threadId);
    const goal = this.get(threadId);
    if (goal === null || goal.status !== 'active') return null;
    const at = this.now();
    const used = goal.tokensUsed + tokens;
    const seconds = goal.timeUsedSeconds + Math.max(0, Math.floor((at - goal.updatedAtMs) / 1000));
    const status = goal.tokenBudget !== null && used >= goal.tokenBudget ? 'budget_limited' : goal.status;
    this.#open()
      .prepare('UPDATE thread_goals SET tokens_used = ?, time_used_seconds = ?, status = ?, updated_at_ms = ? WHERE thread_id = ?')
      .run(used, seconds, status, at, threadId);
    return this.#changed(threadId);
  }

  /** Removes the thread's goal; true when there was one. */
  clear(threadId: string): boolean {
    const removed = this.#open().prepare('DELETE FROM thread_goals WHERE thread_id = ?').run(threadId).changes > 0;
    if (removed) this.#emit({ threadId, goal: null });
    return removed;
  }

  close(): void {
    this.#db?.close();
    this.#db = undefined;
  }

  #changed(threadId: string): ThreadGoal {
    const goal = this.get(threadId);
    if (goal === null) throw new Error(`the goal of thread ${threadId} vanished while it was written`);
    this.#emit({ threadId, goal });
    return goal;
  }

  #emit(change: GoalChange): void {
    for (const l of this.#listeners) l(change);
  }
}
