// The MCP servers of a configuration: started together, each within its own startup timeout; a
// server that fails to start or dies later becomes a warning and its tools disappear, while the
// thread goes on. Tools are filtered by each server's `enabled_tools` / `disabled_tools`. As a turn
// starts, servers are reconnected when asked to, or when an OAuth login changed their tokens.
import { stat } from 'node:fs/promises';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerToml } from '../../protocol/config.js';
import { errorMessage } from '../errors.js';
import { enabledServers } from './enabled-servers.js';
import { McpServerConnection } from './mcp-server-connection.js';
import { McpLoginRequiredError } from './oauth/oauth-connection.js';
import { loadStoredTokens } from './oauth/credential-store.js';
import { credentialsPath } from './oauth/credentials-file.js';
import { oauthApplies, type McpOAuthContext } from './oauth/oauth-settings.js';
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
  readonly #opts: McpHubOptions;
  readonly #connections = new Map<string, McpServerConnection>();
  readonly #warnings: string[] = [];
  readonly #startErrors = new Map<string, string>();
  readonly #loginRequired = new Set<string>();
  /** The credentials file as last seen (see reconnectIfDue); undefined before the first look. */
  #credentialsSeen: string | undefined;
  #reconnectAll = false;

  private constructor(configs: ReadonlyMap<string, McpServerToml>, opts: McpHubOptions) {
    this.#configs = configs;
    this.#opts = opts;
  }

  /** Start every enabled server; never rejects (a server that cannot start is a warning). */
  static async start(opts: McpHubOptions): Promise<McpHub> {
    const enabled = enabledServers(opts.servers);
    const hub = new McpHub(new Map(enabled), opts);
    hub.#credentialsSeen = await hub.#credentialsSignature();
    await Promise.all(enabled.map(([name, config]) => hub.#connect(name, config)));
    return hub;
  }

  async #connect(name: string, config: McpServerToml): Promise<void> {
    const { onStatus } = this.#opts;
    onStatus?.({ server: name, status: 'starting' });
    this.#startErrors.delete(name);
    this.#loginRequired.delete(name);
    let conn: McpServerConnection | undefined;
    try {
      conn = await McpServerConnection.connect({
        name,
        config,
        env: this.#opts.env,
        cwd: this.#opts.cwd,
        oauth: this.#opts.oauth,
        onClosed: (server, stderr) => {
          // A connection replaced by #reconnect is closed on purpose: not a warning.
          if (conn !== undefined && this.#connections.get(server) !== conn) return;
          this.#warnings.push(`MCP server ${server} stopped; its tools are no longer offered${stderr ? ` (its stderr: ${stderr})` : ''}`);
        },
      });
      this.#connections.set(name, conn);
      onStatus?.({ server: name, status: 'ready' });
    } catch (err) {
      this.#startErrors.set(name, errorMessage(err));
      if (err instanceof McpLoginRequiredError) this.#loginRequired.add(name);
      onStatus?.({ server: name, status: 'failed', error: errorMessage(err) });
      this.#warnings.push(`${errorMessage(err)}; its tools are not offered`);
    }
  }

  /** Closes a server's connection (if any) and connects it again, with the tokens stored now. */
  async #reconnect(name: string): Promise<void> {
    const config = this.#configs.get(name);
    if (config === undefined) return;
    const old = this.#connections.get(name);
    this.#connections.delete(name);
    await old?.close();
    await this.#connect(name, config);
  }

  /** Reconnect every server at the next reconnectIfDue (the app-server's `config/mcpServer/reload`). */
  requestReconnect(): void {
    this.#reconnectAll = true;
  }

  /**
   * Called as a turn starts, as Codex applies a queued MCP refresh: reconnects every server when a
   * reconnect was requested, else the OAuth servers whose stored tokens changed since they were
   * connected (a login made since, in this process or another: `weft mcp login`, the app-server's
   * `mcpServer/oauth/login`, `codex mcp login`). The credentials file is only read when it changed.
   */
  async reconnectIfDue(): Promise<void> {
    if (this.#reconnectAll) {
      this.#reconnectAll = false;
      this.#credentialsSeen = await this.#credentialsSignature();
      await Promise.all([...this.#configs.keys()].map((name) => this.#reconnect(name)));
      return;
    }
    const oauth = this.#opts.oauth;
    const candidates = [...this.#configs].filter(([, config]) => config.url !== undefined && oauthApplies(config));
    if (oauth === undefined || candidates.length === 0) return;
    const seen = await this.#credentialsSignature();
    // The file tells when it changed; a keyring must be asked each time.
    if (seen === this.#credentialsSeen && oauth.store === 'file') return;
    this.#credentialsSeen = seen;
    const stale: string[] = [];
    for (const [name, config] of candidates) {
      const stored = await loadStoredTokens(oauth, name, config.url ?? '').catch(() => undefined);
      if (stored === undefined) continue;
      const conn = this.#connections.get(name);
      if (this.#loginRequired.has(name) || (conn !== undefined && !conn.closed && conn.oauthAccessToken !== stored.access_token)) stale.push(name);
    }
    await Promise.all(stale.map((name) => this.#reconnect(name)));
  }

  /** The credentials file's identity and size and time of change; '' when it does not exist. */
  async #credentialsSignature(): Promise<string> {
    const home = this.#opts.oauth?.home;
    if (home === undefined) return '';
    try {
      const st = await stat(credentialsPath(home), { bigint: true });
      return `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
    } catch {
      return '';
    }
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
