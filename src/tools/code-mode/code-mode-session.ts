// A thread's code mode: the `exec` cells it has running, the values scripts `store` for later cells,
// and the cell ids it hands out ("1", "2", … per thread). `exec` starts a cell and answers after its
// yield time (30 s by default) at the latest; `wait` answers again for a cell that yielded, or stops
// it (`terminate`). A cell's result closes it; the stored values are replaced by those the script
// ended with. Notifications (`notify`) wait in a queue until the turn loop records them.
import { z } from 'zod';
import type { FunctionCallOutputPayload } from '../../../protocol/responses-items.js';
import type { CodeModeTexts } from '../tool-texts.js';
import { CodeCell, type CellLimits, type CellResponse, type NestedTool, type NestedToolRunner } from './code-cell.js';
import { codeModeOutput } from './code-mode-output.js';
import { parseExecSource } from './script-source.js';
import { lazySchema } from '../../../protocol/lazy-schema.js';

export const CODE_MODE_EXEC_TOOL = 'exec';
export const CODE_MODE_WAIT_TOOL = 'wait';
export const DEFAULT_EXEC_YIELD_TIME_MS = 30_000;
export const DEFAULT_WAIT_YIELD_TIME_MS = 10_000;

// `wait`'s parameters (pack tools/code_mode/functions.json); unknown fields are ignored, null is absent.
const WaitArgs = lazySchema(() =>
  z.object({
    cell_id: z.string(),
    yield_time_ms: z.number().nonnegative().nullish(),
    max_tokens: z.number().nonnegative().nullish(),
    terminate: z.boolean().nullish(),
  }),
);

export interface CodeModeAnswer {
  output: FunctionCallOutputPayload;
  success: boolean;
}

export interface ExecOptions {
  tools: readonly NestedTool[];
  runTool: NestedToolRunner;
  texts: CodeModeTexts;
  /** The turn's signal: an interrupted turn stops the cell it is waiting on. */
  signal?: AbortSignal | undefined;
}

export class CodeModeSession {
  readonly #cells = new Map<string, CodeCell>();
  #stored: Record<string, unknown> = {};
  #nextCellId = 1;
  #notes: { callId: string; text: string }[] = [];
  readonly #limits: CellLimits | undefined;

  constructor(limits?: CellLimits) {
    this.#limits = limits;
  }

  /** Runs an `exec` call's script; answers with its result, or with its output so far when it yields. */
  async exec(callId: string, input: string, opts: ExecOptions): Promise<CodeModeAnswer> {
    const parsed = parseExecSource(input);
    if (!parsed.ok) return { output: opts.texts.badSource(parsed.detail), success: false };
    const started = performance.now();
    const cellId = String(this.#nextCellId++);
    const cell = new CodeCell({
      cellId,
      code: parsed.value.code,
      stored: this.#stored,
      tools: opts.tools,
      runTool: opts.runTool,
      onNotify: (text) => this.#notes.push({ callId, text }),
      limits: this.#limits,
    });
    this.#cells.set(cellId, cell);
    const response = await untilAborted(cell, opts.signal, () => cell.respond(parsed.value.yieldTimeMs ?? DEFAULT_EXEC_YIELD_TIME_MS));
    return this.#answer(response, opts.texts, started, parsed.value.maxOutputTokens);
  }

  /** Answers a `wait` call (function arguments as JSON text). */
  async wait(argumentsJson: string, texts: CodeModeTexts, invalid: (detail: string) => string, signal?: AbortSignal): Promise<CodeModeAnswer> {
    let args: z.infer<typeof WaitArgs>;
    try {
      args = WaitArgs.parse(JSON.parse(argumentsJson));
    } catch (err) {
      return { output: invalid(err instanceof Error ? err.message : String(err)), success: false };
    }
    const started = performance.now();
    const cell = this.#cells.get(args.cell_id);
    if (cell === undefined) {
      const missing: CellResponse = { kind: 'result', cellId: args.cell_id, items: [], stored: this.#stored, error: texts.unknownCell(args.cell_id) };
      return { output: codeModeOutput(missing, texts, performance.now() - started, args.max_tokens ?? undefined), success: false };
    }
    const response =
      args.terminate === true ? await cell.terminate() : await untilAborted(cell, signal, () => cell.respond(args.yield_time_ms ?? DEFAULT_WAIT_YIELD_TIME_MS));
    return this.#answer(response, texts, started, args.max_tokens ?? undefined);
  }

  /** The `notify` texts scripts sent since the last call, each with the `exec` call it belongs to. */
  takeNotifications(): { callId: string; text: string }[] {
    return this.#notes.splice(0);
  }

  /** Stops every running cell (the thread is closing). */
  async closeAll(): Promise<void> {
    const cells = [...this.#cells.values()];
    this.#cells.clear();
    await Promise.all(cells.map((c) => c.terminate()));
  }

  #answer(response: CellResponse, texts: CodeModeTexts, started: number, maxTokens: number | undefined): CodeModeAnswer {
    if (response.kind !== 'yielded') this.#cells.delete(response.cellId);
    if (response.kind === 'result') this.#stored = response.stored;
    const output = codeModeOutput(response, texts, performance.now() - started, maxTokens);
    return { output, success: response.kind !== 'result' || response.error === undefined };
  }
}

/** Waits for `answer`, stopping the cell (which then answers as terminated) when `signal` aborts. */
async function untilAborted(cell: CodeCell, signal: AbortSignal | undefined, answer: () => Promise<CellResponse>): Promise<CellResponse> {
  if (signal === undefined) return answer();
  const stop = (): void => void cell.terminate();
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop, { once: true });
  try {
    return await answer();
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
