// The commands of one thread that outlived the call that started them, by session id. Like Codex:
// ids are drawn at random in 1000..99999 and never reused while held; at most 64 sessions are kept,
// and a new one beyond that evicts (kills) the least recently used, sparing the 8 most recent and
// preferring one that has already exited. Closing the thread kills whatever is left.
import { randomInt } from 'node:crypto';
import { spawnCommand, startThrough, type SpawnOptions } from '../run-process.js';
import type { CommandRunner } from '../workspace-ports.js';
import { ExecSession, type SessionInfo } from './exec-session.js';

export const MAX_EXEC_SESSIONS = 64;
/** The most recently used sessions eviction never picks. */
const PROTECTED_RECENT = 8;
const MIN_SESSION_ID = 1000;
const MAX_SESSION_ID = 100_000; // exclusive

export interface SessionManagerOptions {
  /** Most sessions kept at once (default MAX_EXEC_SESSIONS). */
  maxSessions?: number;
  /** How many of the most recently used sessions eviction spares (default 8). */
  protectedRecent?: number;
  /** Session id source (tests pin it). */
  nextId?: () => number;
}

export class ExecSessionManager {
  readonly #sessions = new Map<number, ExecSession>();
  readonly #maxSessions: number;
  readonly #protectedRecent: number;
  readonly #nextId: () => number;
  #closed = false;

  constructor(opts: SessionManagerOptions = {}) {
    this.#maxSessions = opts.maxSessions ?? MAX_EXEC_SESSIONS;
    this.#protectedRecent = Math.min(opts.protectedRecent ?? PROTECTED_RECENT, this.#maxSessions - 1);
    this.#nextId = opts.nextId ?? (() => randomInt(MIN_SESSION_ID, MAX_SESSION_ID));
  }

  /**
   * Starts a command under a fresh id, locally or through `runner` (an editor's terminal). It is kept
   * only once `keep` is called (it outlived its yield).
   */
  async start(spawn: SpawnOptions, info: SessionInfo, runner?: CommandRunner): Promise<ExecSession> {
    let id = this.#nextId();
    while (this.#sessions.has(id)) id = this.#nextId();
    return new ExecSession(id, runner ? await startThrough(runner, spawn, info.callId) : await spawnCommand(spawn), info);
  }

  /** Keeps a running session for later write_stdin calls; evicts one when at the cap. */
  keep(session: ExecSession): void {
    if (this.#closed) {
      session.kill();
      return;
    }
    if (this.#sessions.size >= this.#maxSessions) this.#evictOne();
    this.#sessions.set(session.id, session);
  }

  get(id: number): ExecSession | undefined {
    return this.#sessions.get(id);
  }

  /** Forgets a session whose end the model has been told. */
  remove(id: number): void {
    this.#sessions.delete(id);
  }

  get size(): number {
    return this.#sessions.size;
  }

  ids(): number[] {
    return [...this.#sessions.keys()];
  }

  #evictOne(): void {
    const byRecency = [...this.#sessions.values()].sort((a, b) => b.lastUsed - a.lastUsed);
    const candidates = byRecency.slice(this.#protectedRecent).reverse(); // least recently used first
    const victim = candidates.find((s) => s.exitCode !== undefined) ?? candidates[0];
    if (victim === undefined) return;
    this.#sessions.delete(victim.id);
    victim.kill();
  }

  /** Kills every session (the thread is closing); later sessions are killed as soon as they yield. */
  async closeAll(): Promise<void> {
    this.#closed = true;
    const all = [...this.#sessions.values()];
    this.#sessions.clear();
    for (const s of all) s.kill();
    await Promise.all(all.map((s) => s.ended()));
  }
}
