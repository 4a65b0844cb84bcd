// One running exec cell: a worker thread evaluating the model's script (cell-worker-source.ts), seen
// from weft's side. It gathers what the script outputs, runs the nested tool calls it makes, and
// answers each `exec`/`wait` with what happened until then: the final result once the script has
// ended, otherwise (after the requested yield time, or when the script calls `yield_control()`) the
// output gathered so far while the script keeps running. The worker has a heap limit; a cell that
// outlives `maxLifetimeMs` (counted from its start) is stopped.
//
// The yield time is the script's: each message of the worker says when the script sent it, on the
// script's clock (ms from its start). A message sent at or past the yield deadline first answers the
// waiting call with what came before it, even when the main thread reads it late (a loaded machine can
// read a script's 50 ms yield and its end at 400 ms in one go): what the script did before its yield
// time is what the call gets, and the rest is for the next `wait`. A timer still answers a script that
// sends nothing.
import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { CELL_PRELUDE_SOURCE } from './cell-prelude-source.js';
import { CELL_WORKER_SOURCE } from './cell-worker-source.js';

/** An item of the script's output, as it travels in a tool output's content list. */
export type CellContentItem = { type: 'input_text'; text: string } | { type: 'input_image'; image_url: string; detail?: 'auto' | 'low' | 'high' | 'original' };

/** A nested tool as the script sees it: its identifier on `tools`, the name weft runs, its description. */
export interface NestedTool {
  global: string;
  name: string;
  description: string;
}

/** Runs a nested tool call; resolves with the value the script gets, rejects with the error text it sees. */
export type NestedToolRunner = (name: string, input: unknown) => Promise<unknown>;

export type CellResponse =
  | { kind: 'yielded'; cellId: string; items: CellContentItem[] }
  | { kind: 'terminated'; cellId: string; items: CellContentItem[] }
  | { kind: 'result'; cellId: string; items: CellContentItem[]; stored: Record<string, unknown>; error?: string | undefined };

export interface CellLimits {
  /** Heap of the worker (V8 old generation), MB. */
  maxHeapMb: number;
  /** Wall time after which a still-running cell is stopped. */
  maxLifetimeMs: number;
}

export const DEFAULT_CELL_LIMITS: CellLimits = { maxHeapMb: 128, maxLifetimeMs: 10 * 60 * 1000 };

export interface CellStart {
  cellId: string;
  code: string;
  stored: Record<string, unknown>;
  tools: readonly NestedTool[];
  runTool: NestedToolRunner;
  onNotify: (text: string) => void;
  limits?: CellLimits | undefined;
  /** Starts the worker (default: a worker thread running cell-worker-source.ts); tests give their own. */
  spawn?: ((data: CellWorkerData, limits: CellLimits) => CellWorker) | undefined;
}

/** What the worker is given. */
export interface CellWorkerData {
  prelude: string;
  code: string;
  storedJson: string;
  toolsJson: string;
}

/** The side of a worker thread a cell uses. */
export type CellWorker = Pick<Worker, 'on' | 'postMessage' | 'terminate'>;

type Final = { stored: Record<string, unknown>; error?: string | undefined };

const IMAGE_DETAILS = new Set(['auto', 'low', 'high', 'original']);

// Loaded by the first cell, not by every process that could run one.
const workerThreads = (): typeof import('node:worker_threads') => createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');

export class CodeCell {
  readonly id: string;
  readonly #worker: CellWorker;
  readonly #runTool: NestedToolRunner;
  readonly #onNotify: (text: string) => void;
  #items: CellContentItem[] = [];
  #final: Final | undefined;
  #terminated = false;
  /** The `exec`/`wait` waiting for an answer: called once with it. */
  #waiter: ((r: CellResponse) => void) | undefined;
  #yieldTimer: NodeJS.Timeout | undefined;
  /** The waiting call's yield deadline, on the script's clock. */
  #deadline: number | undefined;
  /** The script's clock as last read: its time `t` in a message read at `at` (this thread's clock). */
  #clock: { t: number; at: number } | undefined;
  /** Resolves when the script starts running (the worker is up): yield times count from then. */
  readonly #started: Promise<void>;
  #markStarted: () => void = () => undefined;
  #lifetime: NodeJS.Timeout | undefined;
  readonly #maxLifetimeMs: number;

  constructor(start: CellStart) {
    this.id = start.cellId;
    this.#runTool = start.runTool;
    this.#started = new Promise((resolve) => (this.#markStarted = resolve));
    this.#onNotify = start.onNotify;
    const limits = start.limits ?? DEFAULT_CELL_LIMITS;
    const data: CellWorkerData = { prelude: CELL_PRELUDE_SOURCE, code: start.code, storedJson: JSON.stringify(start.stored), toolsJson: JSON.stringify(start.tools) };
    this.#worker = (start.spawn ?? workerThread)(data, limits);
    this.#worker.on('message', (m: unknown) => this.#onMessage(m));
    this.#worker.on('error', (err: Error) => this.#end({ stored: start.stored, error: workerErrorText(err) }));
    this.#worker.on('exit', () => this.#end({ stored: start.stored, error: 'the script runtime stopped unexpectedly' }));
    this.#maxLifetimeMs = limits.maxLifetimeMs;
  }

  /** True once the script has ended (its result may still be waiting to be read). */
  get ended(): boolean {
    return this.#final !== undefined || this.#terminated;
  }

  /**
   * The next answer: the result as soon as the script ends, or what it has output so far once
   * `yieldMs` have passed (or when it calls `yield_control()`).
   */
  respond(yieldMs: number): Promise<CellResponse> {
    if (this.#final !== undefined) return Promise.resolve(this.#result(this.#final));
    if (this.#terminated) return Promise.resolve({ kind: 'terminated', cellId: this.id, items: this.#take() });
    return new Promise((resolve) => {
      this.#waiter = resolve;
      // Before the script starts, its deadline is `yieldMs` from its start; later, from where its clock is now.
      const clock = this.#clock;
      this.#deadline = (clock === undefined ? 0 : clock.t + (performance.now() - clock.at)) + yieldMs;
      void this.#started.then(() => {
        if (this.#waiter !== resolve) return;
        this.#yieldTimer = setTimeout(() => this.#answer({ kind: 'yielded', cellId: this.id, items: this.#take() }), yieldMs);
      });
    });
  }

  /** Stops the script now; answers with the output it had not yet returned. */
  async terminate(): Promise<CellResponse> {
    clearTimeout(this.#lifetime);
    if (this.#final !== undefined) return this.#result(this.#final);
    this.#terminated = true;
    this.#markStarted();
    await this.#worker.terminate();
    const response: CellResponse = { kind: 'terminated', cellId: this.id, items: this.#take() };
    this.#answer(response);
    return response;
  }

  #take(): CellContentItem[] {
    return this.#items.splice(0);
  }

  #result(final: Final): CellResponse {
    return { kind: 'result', cellId: this.id, items: this.#take(), stored: final.stored, error: final.error };
  }

  #answer(response: CellResponse): void {
    clearTimeout(this.#yieldTimer);
    this.#yieldTimer = undefined;
    this.#deadline = undefined;
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.(response);
  }

  #end(final: Final): void {
    if (this.#final !== undefined || this.#terminated) return;
    this.#final = final;
    this.#markStarted();
    clearTimeout(this.#lifetime);
    void this.#worker.terminate();
    if (this.#waiter !== undefined) this.#answer(this.#result(final));
  }

  #onMessage(raw: unknown): void {
    if (typeof raw !== 'object' || raw === null) return;
    const { kind, value, t } = raw as { kind?: unknown; value?: unknown; t?: unknown };
    if (typeof t === 'number') {
      // Sent at or past the yield deadline: the waiting call gets what the script did before it.
      if (this.#waiter !== undefined && this.#deadline !== undefined && t >= this.#deadline) {
        this.#answer({ kind: 'yielded', cellId: this.id, items: this.#take() });
      }
      this.#clock = { t, at: performance.now() };
    }
    switch (kind) {
      case 'started':
        // Like the yield time, the lifetime counts from the script's start, not the worker's.
        this.#lifetime = setTimeout(() => void this.terminate(), this.#maxLifetimeMs);
        this.#lifetime.unref();
        this.#markStarted();
        break;
      case 'text':
        if (typeof value === 'string') this.#items.push({ type: 'input_text', text: value });
        break;
      case 'image': {
        const v = value as { image_url?: unknown; detail?: unknown };
        if (typeof v.image_url !== 'string') break;
        const detail = typeof v.detail === 'string' && IMAGE_DETAILS.has(v.detail) ? (v.detail as 'auto') : undefined;
        this.#items.push({ type: 'input_image', image_url: v.image_url, ...(detail ? { detail } : {}) });
        break;
      }
      case 'notify':
        if (typeof value === 'string') this.#onNotify(value);
        break;
      case 'yield':
        if (this.#waiter !== undefined) this.#answer({ kind: 'yielded', cellId: this.id, items: this.#take() });
        break;
      case 'tool':
        void this.#nested(value as { id: number; name: string; input: unknown });
        break;
      case 'done':
      case 'error': {
        const v = value as { stored?: Record<string, unknown>; message?: string };
        this.#end({ stored: v.stored ?? {}, error: kind === 'error' ? (v.message ?? 'the script failed') : undefined });
        break;
      }
      default:
        break;
    }
  }

  async #nested(call: { id: number; name: string; input: unknown }): Promise<void> {
    let reply: { ok: boolean; json: string };
    try {
      const value = await this.#runTool(call.name, call.input);
      reply = { ok: true, json: JSON.stringify(value ?? null) };
    } catch (err) {
      reply = { ok: false, json: JSON.stringify(err instanceof Error ? err.message : String(err)) };
    }
    if (this.ended) return;
    this.#worker.postMessage({ kind: 'result', id: call.id, ...reply });
  }
}

/** The cell's worker thread: no environment, no inherited flags, no stdio of ours (the script can print nowhere). */
function workerThread(data: CellWorkerData, limits: CellLimits): CellWorker {
  const worker = new (workerThreads().Worker)(CELL_WORKER_SOURCE, {
    eval: true,
    env: {},
    execArgv: [],
    stdout: true,
    stderr: true,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    workerData: data,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  return worker;
}

function workerErrorText(err: Error): string {
  const code = (err as { code?: unknown }).code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'the script ran out of memory (the exec heap limit was reached)';
  return err.message;
}
