// Tool handlers by name, and the one place a model's tool call is turned into a tool result. Every
// problem on the tool side (unknown tool, arguments that are not JSON, a handler that throws) becomes
// an output the model can read and react to; dispatch never rejects for those.
import { errorMessage } from '../errors.js';
import type { ToolCall, ToolContext, ToolHandler, ToolResult } from './tool-context.js';

export type { ExecEvent, ExecOutputVars, ToolCall, ToolContext, ToolHandler, ToolResult } from './tool-context.js';

export interface RegisterOptions {
  /** A tool of the generation's own set: it runs only when the request offered it (Codex's registry). */
  whenOffered?: boolean;
}

export class ToolRegistry {
  readonly #handlers = new Map<string, ToolHandler>();
  readonly #whenOffered = new Set<string>();

  /** Add or replace the handler for `name`. */
  register(name: string, handler: ToolHandler, opts: RegisterOptions = {}): this {
    this.#handlers.set(name, handler);
    if (opts.whenOffered === true) this.#whenOffered.add(name);
    else this.#whenOffered.delete(name);
    return this;
  }

  /** A registry with the same handlers, to which more can be added independently. */
  clone(): ToolRegistry {
    const copy = new ToolRegistry();
    for (const [name, handler] of this.#handlers) copy.register(name, handler, { whenOffered: this.#whenOffered.has(name) });
    return copy;
  }

  has(name: string): boolean {
    return this.#handlers.has(name);
  }

  names(): string[] {
    return [...this.#handlers.keys()];
  }

  /** Within a request's turn: a generation tool the request did not offer, or a name nobody handles. */
  #unsupported(name: string, offered: ReadonlySet<string> | undefined): boolean {
    if (offered === undefined) return false;
    return !this.#handlers.has(name) || (this.#whenOffered.has(name) && !offered.has(name));
  }

  /**
   * Run one tool call. Resolves with a readable output for every tool-side failure. `offered` holds
   * the tool names the request offered: a generation tool it did not offer answers as an unsupported
   * call, as does any name nobody handles (Codex answers so, the tool of a disabled MCP server
   * included); without `offered` (a caller outside a turn) an unhandled name is an unknown tool.
   */
  async dispatch(call: ToolCall, ctx: ToolContext, offered?: ReadonlySet<string>): Promise<ToolResult> {
    const handler = this.#handlers.get(call.name);
    if (this.#unsupported(call.name, offered)) return { output: ctx.texts.unsupportedCall(call.name), success: false };
    if (handler === undefined) return { output: ctx.texts.unknownTool(call.name), success: false };
    if (call.kind !== 'custom') {
      try {
        JSON.parse(call.arguments);
      } catch (err) {
        return { output: ctx.texts.invalidArguments(call.name, errorMessage(err)), success: false };
      }
    }
    try {
      return await handler(call, ctx);
    } catch (err) {
      return { output: ctx.texts.toolFailed(call.name, errorMessage(err)), success: false };
    }
  }
}
