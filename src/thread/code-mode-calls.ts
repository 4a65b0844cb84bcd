// Code mode in the turn loop (models whose catalog entry says `tool_mode: code_mode_only`): the
// model's `exec` (a freeform call whose input is JavaScript) and `wait` calls run in the thread's
// CodeModeSession, and the script's `tools.<name>(…)` calls come back here as nested calls of the
// thread's ordinary tools (exec_command, apply_patch, write_stdin, view_image…, the MCP servers'
// tools), each through the same registry, approvals and sandbox as a direct call. Nested calls are
// not history items: only the script's `exec` output is.
import { randomUUID } from 'node:crypto';
import type { CustomToolCallItem, FunctionCallItem } from '../../protocol/responses-items.js';
import type { TurnSettings } from '../context/turn-settings.js';
import type { McpHub } from '../mcp/mcp-hub.js';
import { isMcpResourceTool } from '../mcp/mcp-resource-tools.js';
import { runMcpCall } from '../mcp/mcp-turn-tools.js';
import { toolsForTurn } from '../prompt/tools-for-turn.js';
import { CODE_MODE_EXEC_TOOL, CODE_MODE_WAIT_TOOL, CodeModeSession } from '../tools/code-mode/code-mode-session.js';
import type { NestedTool } from '../tools/code-mode/code-cell.js';
import { codeModeIdentifier } from '../tools/code-mode/code-mode-identifier.js';
import type { ToolContext, ToolResult } from '../tools/tool-context.js';
import type { ThreadState, TurnDeps } from './turn-ports.js';

/** Runs a nested call the way the turn loop runs a model's call of that tool. */
export type NestedDispatch = (call: FunctionCallItem | CustomToolCallItem) => Promise<ToolResult>;

/** True when this call is code mode's own `exec` or `wait` for a code-mode model. */
export function isCodeModeCall(settings: TurnSettings, call: FunctionCallItem | CustomToolCallItem): boolean {
  if (settings.model.tool_mode !== 'code_mode_only' || ('namespace' in call && call.namespace !== undefined)) return false;
  return call.type === 'custom_tool_call' ? call.name === CODE_MODE_EXEC_TOOL : call.name === CODE_MODE_WAIT_TOOL;
}

/** Runs `exec` or `wait` in the thread's code-mode session. */
export async function runCodeModeCall(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  call: FunctionCallItem | CustomToolCallItem,
  ctx: ToolContext,
  mcp: McpHub | undefined,
  signal: AbortSignal,
  dispatch: NestedDispatch,
): Promise<ToolResult> {
  const session = (state.codeMode ??= new CodeModeSession());
  if (call.type === 'function_call') return session.wait(call.arguments, ctx.texts.codeMode, (d) => ctx.texts.invalidArguments(call.name, d), signal);
  const specs = toolsForTurn(deps.packTools, settings);
  const kinds = new Map(specs.flatMap((s) => ('name' in s && typeof s.name === 'string' ? [[s.name, s.type] as const] : [])));
  const tools = nestedTools(state, specs, mcp);
  const runTool = async (name: string, input: unknown): Promise<unknown> => {
    const entry = mcp?.byQualifiedName(name);
    if (mcp !== undefined && entry !== undefined) {
      const item = functionCall(name, objectArguments(name, input));
      const done = await runMcpCall(entry, item, deps.pack, mcp, signal, (d) => d);
      if (done.result === null) throw new Error(done.error ?? `${name} failed`);
      return done.result;
    }
    const custom = kinds.get(name) === 'custom';
    if (custom && typeof input !== 'string') throw new Error(`tools.${codeModeIdentifier(name)} takes its input as a string`);
    const item: FunctionCallItem | CustomToolCallItem = custom
      ? { type: 'custom_tool_call', call_id: nestedCallId(), name, input: input as string }
      : functionCall(name, objectArguments(name, input));
    const result = await dispatch(item);
    return result.structured ?? result.output;
  };
  return session.exec(call.call_id, call.input, { tools, runTool, texts: ctx.texts.codeMode, signal });
}

/** The tools a script may call: the thread's tools the pack describes, and the MCP servers' tools. */
function nestedTools(state: ThreadState, specs: ReturnType<typeof toolsForTurn>, mcp: McpHub | undefined): NestedTool[] {
  const own = specs.flatMap((spec): NestedTool[] => {
    const name = 'name' in spec && typeof spec.name === 'string' ? spec.name : undefined;
    if (name === undefined || name === CODE_MODE_EXEC_TOOL || name === CODE_MODE_WAIT_TOOL) return [];
    // The registry's tools, and the MCP resource tools when the thread has MCP servers.
    if (!state.tools.has(name) && !(mcp !== undefined && isMcpResourceTool(name))) return [];
    const description = 'description' in spec && typeof spec.description === 'string' ? spec.description : '';
    return [{ global: codeModeIdentifier(name), name, description }];
  });
  const servers = (mcp?.tools() ?? []).map((t) => ({ global: codeModeIdentifier(t.qualifiedName), name: t.qualifiedName, description: t.tool.description ?? '' }));
  return [...own, ...servers];
}

function functionCall(name: string, args: string): FunctionCallItem {
  return { type: 'function_call', name, arguments: args, call_id: nestedCallId() };
}

function nestedCallId(): string {
  return `exec-${randomUUID()}`;
}

/** A function tool's arguments from the script's input: an object (or nothing, `{}`). */
function objectArguments(name: string, input: unknown): string {
  if (input === null || input === undefined) return '{}';
  if (typeof input !== 'object' || Array.isArray(input)) throw new Error(`tools.${codeModeIdentifier(name)} takes an object of arguments`);
  return JSON.stringify(input);
}
