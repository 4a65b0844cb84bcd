// How a turn offers and answers MCP tools, in the form the pack's generation uses. A pack with
// `tools/mcp_resources.json` (0.169) defers MCP tools: the resource tools go after `write_stdin`,
// the servers' tools are found through `tool_search` and called by namespace, and a result is a
// header part plus content parts. Otherwise (0.98) each tool is appended to `tools` under its
// qualified name and answered with the JSON text of its content.
import type { FunctionCallItem, FunctionCallOutputPayload, ToolSearchCallItem, ToolSearchOutputItem } from '../../protocol/responses-items.js';
import type { ToolSpec } from '../../protocol/responses-request.js';
import { errorMessage } from '../errors.js';
import type { Pack } from '../pack/load-pack.js';
import type { McpHub, McpToolEntry } from './mcp-hub.js';
import { mcpOutputAsJson, mcpOutputAsParts } from './mcp-call-output.js';
import { toolParameters } from './mcp-input-schema.js';
import { searchMcpTools } from './mcp-tool-search.js';

const RESOURCE_TOOLS = 'tools/mcp_resources.json';
const RESULT_HEADER = 'tool_output/mcp_result_header.md';
const NAMESPACE_DESCRIPTION = 'tool_search/namespace_description.md';
const WRITE_STDIN = 'write_stdin';

/** True when the pack's generation defers MCP tools behind tool_search. */
export function mcpToolsDeferred(pack: Pack): boolean {
  return pack.has(RESOURCE_TOOLS);
}

/**
 * The turn's tools with the MCP ones added as the generation offers them. `appsServer`: the
 * sign-in brings Codex's own apps server (a ChatGPT sign-in: observed, Codex 0.169 then offers the
 * resource tools even with no server of the user's and the apps endpoint unanswered); it counts as
 * a configured server for the deferred generation, whose resource tools it makes appear.
 */
export function withMcpTools(tools: readonly ToolSpec[], pack: Pack, hub: McpHub | undefined, opts: { appsServer?: boolean } = {}): ToolSpec[] {
  const deferred = mcpToolsDeferred(pack);
  if (!(hub?.configured === true || (deferred && opts.appsServer === true))) return [...tools];
  if (deferred) {
    const resources = pack.json<ToolSpec[]>(RESOURCE_TOOLS);
    const at = tools.findIndex((t) => t.name === WRITE_STDIN);
    const cut = at === -1 ? tools.length : at + 1;
    return [...tools.slice(0, cut), ...resources, ...tools.slice(cut)];
  }
  return [
    ...tools,
    ...(hub?.tools() ?? []).map((t) => ({
      type: 'function',
      name: t.qualifiedName,
      description: t.tool.description ?? '',
      strict: false,
      parameters: toolParameters(t.tool.inputSchema),
    })),
  ];
}

/** The MCP tool a function call names, if any (by namespace when deferred, by qualified name otherwise). */
export function mcpToolForCall(call: FunctionCallItem, pack: Pack, hub: McpHub | undefined): McpToolEntry | undefined {
  if (hub === undefined) return undefined;
  if (mcpToolsDeferred(pack)) return call.namespace !== undefined ? hub.byNamespace(call.namespace, call.name) : undefined;
  return call.namespace === undefined ? hub.byQualifiedName(call.name) : undefined;
}

/** The answer to a client-side tool_search call. */
export function answerToolSearch(call: ToolSearchCallItem, pack: Pack, hub: McpHub | undefined): ToolSearchOutputItem {
  const query = typeof call.arguments['query'] === 'string' ? call.arguments['query'] : '';
  const limit = typeof call.arguments['limit'] === 'number' ? call.arguments['limit'] : undefined;
  const describe = (namespace: string): string => (pack.has(NAMESPACE_DESCRIPTION) ? pack.render(NAMESPACE_DESCRIPTION, { namespace }) : namespace);
  return {
    type: 'tool_search_output',
    call_id: call.call_id,
    status: 'completed',
    execution: 'client',
    tools: searchMcpTools(hub?.tools() ?? [], query, limit, describe),
  };
}

export interface McpCallOutcome {
  output: FunctionCallOutputPayload;
  success: boolean;
  /** The tool's result, for events (null when the call failed on the way). */
  result: { content: unknown[]; structuredContent: unknown } | null;
  error: string | null;
  /** The tool's own `isError` flag as it sent it (undefined when it sent none or the call failed on the way). */
  isError: boolean | undefined;
  /** The parsed arguments, for events. */
  arguments: unknown;
  durationMs: number;
}

/** Seconds with four decimals, as Codex prints wall time. */
function wallTime(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(4);
}

/**
 * Run an MCP call and shape its output. A call that fails on the way (server gone, timeout, bad
 * arguments) answers with `failed(detail)`, the pack's tool-failure text; it never throws.
 */
export async function runMcpCall(
  entry: McpToolEntry,
  call: FunctionCallItem,
  pack: Pack,
  hub: McpHub,
  signal: AbortSignal,
  failed: (detail: string) => string,
): Promise<McpCallOutcome> {
  let args: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = call.arguments.trim() === '' ? undefined : JSON.parse(call.arguments);
    if (parsed !== undefined && (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))) throw new Error('the arguments must be a JSON object');
    args = parsed as Record<string, unknown> | undefined;
  } catch (err) {
    const error = errorMessage(err);
    return { output: failed(error), success: false, result: null, error, isError: undefined, arguments: call.arguments, durationMs: 0 };
  }
  const started = performance.now();
  try {
    const result = await hub.call(entry, args, signal);
    const ms = performance.now() - started;
    const output = pack.has(RESULT_HEADER) ? mcpOutputAsParts(result, pack.render(RESULT_HEADER, { wall_time_seconds: wallTime(ms) })) : mcpOutputAsJson(result);
    const shown = { content: result.content, structuredContent: result.structuredContent ?? null };
    return { output, success: result.isError !== true, result: shown, error: null, isError: result.isError, arguments: args ?? {}, durationMs: ms };
  } catch (err) {
    const error = errorMessage(err);
    return { output: failed(error), success: false, result: null, error, isError: undefined, arguments: args ?? {}, durationMs: performance.now() - started };
  }
}
