// The MCP servers of a configuration: started together, each within its own startup timeout; a
// server that fails to start or dies later becomes a warning and its tools disappear, while the
// thread goes on. Tools are filtered by each server's `enabled_tools` / `disabled_tools`.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerToml } from '../../protocol/config.js';
import { errorMessage } from '../errors.js';
import { enabledServers } from './enabled-servers.js';
import { McpServerConnection } from './mcp-server-connection.js';
import { McpLoginRequiredError } from './oauth/oauth-connection.js';
import type { McpOAuthContext } from './oauth/oauth-settings.js';
import { mcpNamespace, qualifiedToolName } from './mcp-tool-names.js';

export interface McpToolEntry {
  server: string;
  tool: Tool;
  /** `mcp__<server>__<tool>`: the function name when tools are offered directly. */
  qualifiedName: string;
  /** `mcp__<server>`: the namespace when tools are found through tool_search. */
  namespace: string;
}

/** A server's startup as clients see it (`mcpServer/startupStatus/updated`). */
export type McpStartupStatus = { server: string; status: 'starting' | 'ready' } | { server: string; status: 'failed'; error: string };

export interface McpHubOptions {
  servers: Readonly<Record<string, McpServerToml>>;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Told as each server starts, and when it is ready or has failed. */
  onStatus?: ((status: McpStartupStatus) => void) | undefined;
  /** Where stored OAuth tokens are found. */
  oauth?: McpOAuthContext | undefined;
}


function toolAllowed(config: McpServerToml, tool: string): boolean {
  if (config.enabled_tools !== undefined && !config.enabled_tools.includes(tool)) return false;
  return !(config.disabled_tools ?? []).includes(tool);
}

export class McpHub {
  readonly #configs: ReadonlyMap<string, McpServerToml>;
  readonly #connections = new Map<string, McpServerConnection>();
  readonly #warnings: string[] = [];
  readonly #startErrors = new Map<string, string>();
  readonly #loginRequired = new Set<string>();

  private constructor(configs: ReadonlyMap<string, McpServerToml>) {
    this.#configs = configs;
  }

  /** Start every enabled server; never rejects (a server that cannot start is a warning). */
  static async start(opts: McpHubOptions): Promise<McpHub> {
    const enabled = enabledServers(opts.servers);
    const hub = new McpHub(new Map(enabled));
    await Promise.all(
      enabled.map(async ([name, config]) => {
        opts.onStatus?.({ server: name, status: 'starting' });
        try {
          const conn = await McpServerConnection.connect({
            name,
            config,
            env: opts.env,
            cwd: opts.cwd,
            oauth: opts.oauth,
            onClosed: (server, stderr) =>
              hub.#warnings.push(`MCP server ${server} stopped; its tools are no longer offered${stderr ? ` (its stderr: ${stderr})` : ''}`),
          });
          hub.#connections.set(name, conn);
          opts.onStatus?.({ server: name, status: 'ready' });
        } catch (err) {
          hub.#startErrors.set(name, errorMessage(err));
          if (err instanceof McpLoginRequiredError) hub.#loginRequired.add(name);
          opts.onStatus?.({ server: name, status: 'failed', error: errorMessage(err) });
          hub.#warnings.push(`${errorMessage(err)}; its tools are not offered`);
        }
      }),
    );
    return hub;
  }

  /** True when the server did not start because it needs an OAuth login. */
  loginRequired(name: string): boolean {
    return this.#loginRequired.has(name);
  }

  /** True when at least one server is configured and enabled (whether or not it started). */
  get configured(): boolean {
    return this.#configs.size > 0;
  }

  /** Warnings since the last call (failed starts, servers that stopped). */
  takeWarnings(): string[] {
    return this.#warnings.splice(0);
  }

  /** Each enabled server: its configuration, its connection when it started, why not otherwise. */
  servers(): { name: string; config: McpServerToml; connection?: McpServerConnection; error?: string }[] {
    return [...this.#configs].map(([name, config]) => {
      const connection = this.#connections.get(name);
      const error = this.#startErrors.get(name);
      return { name, config, ...(connection ? { connection } : {}), ...(error !== undefined ? { error } : {}) };
    });
  }

  /** The tools of the servers still running, servers in name order, tools as each listed them. */
  tools(): McpToolEntry[] {
    const out: McpToolEntry[] = [];
    for (const [server, config] of this.#configs) {
      const conn = this.#connections.get(server);
      if (conn === undefined || conn.closed) continue;
      for (const tool of conn.tools) {
        if (!toolAllowed(config, tool.name)) continue;
        out.push({ server, tool, qualifiedName: qualifiedToolName(server, tool.name), namespace: mcpNamespace(server) });
      }
    }
    return out;
  }

  /** The tool a direct call names (`mcp__<server>__<tool>`). */
  byQualifiedName(name: string): McpToolEntry | undefined {
    return this.tools().find((t) => t.qualifiedName === name);
  }

  /** The tool a namespaced call names (`namespace: mcp__<server>`, `name: <tool>`). */
  byNamespace(namespace: string, name: string): McpToolEntry | undefined {
    return this.tools().find((t) => t.namespace === namespace && t.tool.name === name);
  }

  /**
   * Call a tool. A server that has stopped, a timeout or a protocol error rejects (ToolError); a
   * tool that reports its own failure resolves with `isError`.
   */
  async call(entry: McpToolEntry, args: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<CallToolResult> {
    const conn = this.#connections.get(entry.server);
    if (conn === undefined) throw new Error(`MCP server ${entry.server} is not running`);
    return conn.callTool(entry.tool.name, args, signal);
  }

  /** Call a tool by its server and its own name (a client's direct call; the server's tool filters apply). */
  async callByName(server: string, tool: string, args: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<CallToolResult> {
    const [conn] = this.#servers(server);
    const config = this.#configs.get(server);
    if (config !== undefined && !toolAllowed(config, tool)) throw new Error(`the tool ${tool} of MCP server ${server} is not enabled`);
    return (conn as McpServerConnection).callTool(tool, args, signal);
  }

  /** The running servers' names, or just `server` (which must be one of them). */
  #servers(server: string | undefined): McpServerConnection[] {
    if (server === undefined) return [...this.#connections.values()].filter((c) => !c.closed);
    const conn = this.#connections.get(server);
    if (conn === undefined || conn.closed) throw new Error(`no running MCP server is named ${server}`);
    return [conn];
  }

  /** Resources (or resource templates) of one server or all, each tagged with its server. */
  async listResources(kind: 'resources' | 'templates', server: string | undefined, cursor: string | undefined): Promise<{ items: unknown[]; nextCursor?: string }> {
    const conns = this.#servers(server);
    if (cursor !== undefined && conns.length !== 1) throw new Error('a cursor needs the server it came from');
    const items: unknown[] = [];
    let nextCursor: string | undefined;
    for (const conn of conns) {
      const page = await conn.resources(kind, cursor);
      items.push(...page.items.map((item) => ({ server: conn.name, ...(item as object) })));
      if (conns.length === 1) nextCursor = page.nextCursor;
    }
    return nextCursor !== undefined ? { items, nextCursor } : { items };
  }

  async readResource(server: string, uri: string): Promise<unknown[]> {
    const [conn] = this.#servers(server);
    return (conn as McpServerConnection).readResource(uri);
  }

  async close(): Promise<void> {
    const all = [...this.#connections.values()];
    this.#connections.clear();
    await Promise.allSettled(all.map((c) => c.close()));
  }
}
