// Plain `exec` output (no --json) in Codex's layout. stderr carries the header block (the settings,
// then `session id:`, which programs read to resume the session later), the prompt, and one block per
// event, each opened by Codex's label (`codex`, `exec`, `thinking`, `file update`, `tool`, …); at the end
// `tokens used` and the thread's total. stdout carries only the final message. The labels and the
// layout are Codex's facts; weft prints no colours.
import type { ThreadEvent } from '../thread/thread-events.js';
import { patchEndBlock } from './exec-patch-block.js';

export interface ExecHeader {
  /** The Codex version the profile speaks (`OpenAI Codex v…`). */
  readonly codexVersion: string;
  /** Codex 0.98 still called itself a research preview in this line. */
  readonly researchPreview: boolean;
  readonly entries: ReadonlyArray<readonly [label: string, value: string]>;
  readonly prompt: string;
}

export function headerText(h: ExecHeader): string {
  const title = `OpenAI Codex v${h.codexVersion}${h.researchPreview ? ' (research preview)' : ''}`;
  return [title, '--------', ...h.entries.map(([k, v]) => `${k}: ${v}`), '--------', 'user', h.prompt].join('\n');
}

/** Codex's short duration: `850ms`, `2.35s`, `1m 05s`. */
export function shortDuration(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  if (whole < 1000) return `${whole}ms`;
  if (whole < 60_000) return `${(whole / 1000).toFixed(2)}s`;
  const minutes = Math.floor(whole / 60_000);
  const seconds = Math.floor((whole % 60_000) / 1000);
  return `${minutes}m ${String(seconds).padStart(2, '0')}s`;
}

/** `1234567` → `1,234,567`. */
export function withSeparators(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const PLAN_MARK = { completed: '✓', in_progress: '→', pending: '•' } as const;

export interface HumanPrinterOptions {
  /** `hide_agent_reasoning = true` leaves the `thinking` blocks out. */
  readonly showReasoning: boolean;
  /** Milliseconds on a monotonic clock, for the durations of commands and tool calls. */
  readonly now: () => number;
  /** The thread's working directory: patch diffs name files relative to it. */
  readonly cwd: string;
}

/** Turns thread events into Codex's stderr blocks; `stderr` gets whole blocks, without a final newline. */
export class HumanExecPrinter {
  readonly #started = new Map<string, number>();
  #totalTokens: number | undefined;

  constructor(
    private readonly stderr: (text: string) => void,
    private readonly opts: HumanPrinterOptions,
  ) {}

  onEvent(event: ThreadEvent): void {
    const text = this.#blockOf(event);
    if (text !== undefined) this.stderr(text);
  }

  /** The closing `tokens used` block, once some response reported usage. */
  closing(): string | undefined {
    return this.#totalTokens === undefined ? undefined : `tokens used\n${withSeparators(this.#totalTokens)}`;
  }

  #elapsed(callId: string): string {
    const start = this.#started.get(callId);
    this.#started.delete(callId);
    return start === undefined ? '' : ` in ${shortDuration(this.opts.now() - start)}`;
  }

  #blockOf(event: ThreadEvent): string | undefined {
    switch (event.type) {
      case 'token_count':
        // Codex counts what was billed in full: input beyond the cached part, plus output.
        if (event.info) {
          const u = event.info.total_token_usage;
          this.#totalTokens = Math.max(0, u.input_tokens - u.cached_input_tokens) + u.output_tokens;
        }
        return undefined;
      case 'model_item': {
        const item = event.item;
        if (item.type === 'message' && item.role === 'assistant') return `codex\n${item.content.map((p) => ('text' in p ? p.text : '')).join('')}`;
        if (item.type === 'reasoning' && this.opts.showReasoning) {
          const text = item.summary.map((p) => p.text).join('\n\n');
          return text === '' ? undefined : `thinking\n${text}`;
        }
        return undefined;
      }
      case 'command_started':
        this.#started.set(event.callId, this.opts.now());
        return `exec\n${event.command} in ${event.cwd}`;
      case 'command_finished': {
        const took = this.#elapsed(event.callId);
        const title = event.exitCode === 0 ? ` succeeded${took}:` : ` exited ${event.exitCode}${took}:`;
        return event.aggregatedOutput === '' ? title : `${title}\n${event.aggregatedOutput}`;
      }
      case 'file_change_started':
        return 'apply patch';
      case 'file_change_finished':
        return patchEndBlock(event.changes, event.status, this.opts.cwd);
      case 'mcp_call_started':
        this.#started.set(event.callId, this.opts.now());
        return `tool ${invocation(event.server, event.tool, event.arguments)}`;
      case 'mcp_call_finished': {
        const ok = event.error === null && !event.isError;
        const title = `${invocation(event.server, event.tool, event.arguments)} ${ok ? 'success' : 'failed'}${this.#elapsed(event.callId)}:`;
        const body = event.result ? JSON.stringify({ content: event.result.content, structuredContent: event.result.structuredContent }, null, 2) : event.error;
        return body ? `${title}\n${body}` : title;
      }
      case 'plan_updated': {
        const lines = ['Plan update'];
        if (event.explanation && event.explanation.trim() !== '') lines.push(event.explanation);
        for (const step of event.plan) lines.push(`  ${PLAN_MARK[step.status]} ${step.step}`);
        return lines.join('\n');
      }
      case 'compaction_finished':
        return 'context compacted';
      case 'warning':
        return `warning: ${event.message}`;
      case 'approval_unavailable':
        return `warning: ${event.message}`;
      case 'retrying':
        return `Reconnecting... ${event.retry}/${event.maxRetries} (${event.reason})`;
      case 'turn_failed':
        return `ERROR: ${event.message}`;
      case 'turn_interrupted':
        return 'task interrupted';
      default:
        return undefined;
    }
  }
}

function invocation(server: string, tool: string, args: unknown): string {
  const shown = args === undefined || args === null ? '' : JSON.stringify(args);
  return `${server}.${tool}(${shown})`;
}
