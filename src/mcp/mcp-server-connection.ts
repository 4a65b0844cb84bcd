// One configured MCP server, reached with the official SDK: started over stdio or reached over
// streamable HTTP, initialized within its startup timeout, its tools listed once, and calls made
// within the tool timeout. A server that exits or drops its connection is marked closed: its
// tools go, and the hub reports it once.
import { netFetch } from '../net/net-fetch.js';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerToml } from '../../protocol/config.js';
import { errorMessage, ToolError } from '../errors.js';
import { StdioMessageBuffer } from './stdio-message-buffer.js';
import { isUnauthorized, McpLoginRequiredError, storedAuthProvider } from './oauth/oauth-connection.js';
import type { McpOAuthContext } from './oauth/oauth-settings.js';

export const DEFAULT_STARTUP_TIMEOUT_MS = 10_000;
export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;
const CLIENT_INFO = { name: 'weft', version: '0.1.0' };
// Variables a stdio server inherits without being named (its own `env` and `env_vars` add more).
const INHERITED_ENV = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'USER', 'TERM', 'LANG', 'LC_ALL', 'TMPDIR', 'TZ'];
const STDERR_TAIL_BYTES = 2048;

type Env = Readonly<Record<string, string | undefined>>;

export interface McpServerOptions {
  name: string;
  config: McpServerToml;
  env: Env;
  /** Relative `cwd`s are taken from here (the thread's working directory). */
  cwd: string;
  onClosed?: ((name: string, detail: string) => void) | undefined;
  /** Where stored OAuth tokens are found (streamable-HTTP servers without a bearer token). */
  oauth?: McpOAuthContext | undefined;
}

function stdioEnv(config: McpServerToml, env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [...INHERITED_ENV, ...(config.env_vars ?? [])]) {
    const value = env[key];
    if (value !== undefined) out[key] = value;
  }
  return { ...out, ...(config.env ?? {}) };
}

function httpHeaders(name: string, config: McpServerToml, env: Env): Record<string, string> {
  const headers: Record<string, string> = { ...(config.http_headers ?? {}) };
  for (const [header, variable] of Object.entries(config.env_http_headers ?? {})) {
    const value = env[variable];
    if (value !== undefined && value !== '') headers[header] = value;
  }
  if (config.bearer_token_env_var !== undefined) {
    const token = env[config.bearer_token_env_var];
    if (token === undefined || token === '') {
      throw new ToolError(`MCP server ${name}: the environment variable ${config.bearer_token_env_var} (bearer_token_env_var) is not set`);
    }
    headers['Authorization'] = `Bearer ${token}`;
  }
  return headers;
}

export class McpServerConnection {
  readonly name: string;
  readonly toolTimeoutMs: number;
  #client: Client | undefined;
  #closed = false;
  #stderrTail = '';
  #tools: Tool[] = [];
  #authProvider: { tokens(): { access_token: string } | undefined } | undefined;

  private constructor(name: string, toolTimeoutMs: number) {
    this.name = name;
    this.toolTimeoutMs = toolTimeoutMs;
  }

  /** Start (or reach) the server, initialize it and list its tools; rejects with a ToolError naming the server. */
  static async connect(opts: McpServerOptions): Promise<McpServerConnection> {
    const { config } = opts;
    const toolTimeoutMs = config.tool_timeout_sec !== undefined ? config.tool_timeout_sec * 1000 : DEFAULT_TOOL_TIMEOUT_MS;
    const startupMs = config.startup_timeout_sec !== undefined ? config.startup_timeout_sec * 1000 : (config.startup_timeout_ms ?? DEFAULT_STARTUP_TIMEOUT_MS);
    const conn = new McpServerConnection(opts.name, toolTimeoutMs);
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    let transport: Transport;
    let authorized = false;
    if (config.command !== undefined) {
      const stdio = new StdioClientTransport({
        command: config.command,
        args: config.args ?? [],
        env: stdioEnv(config, opts.env),
        cwd: path.resolve(opts.cwd, config.cwd ?? '.'),
        stderr: 'pipe',
      });
      // Weft's line reader in place of the SDK's (see stdio-message-buffer.ts): a large answer is
      // read in linear work and never closes the connection.
      (stdio as unknown as { _readBuffer: StdioMessageBuffer })._readBuffer = new StdioMessageBuffer();
      stdio.stderr?.on('data', (chunk: Buffer) => {
        conn.#stderrTail = (conn.#stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
      });
      transport = stdio;
    } else {
      const authProvider = await storedAuthProvider(opts.name, config, opts.oauth);
      authorized = authProvider !== undefined;
      conn.#authProvider = authProvider;
      transport = new StreamableHTTPClientTransport(new URL(config.url ?? ''), {
        requestInit: { headers: httpHeaders(opts.name, config, opts.env) },
        // Through the environment's proxy when one applies (net/net-fetch.ts).
        ...(authProvider !== undefined ? { authProvider, fetch: authProvider.refreshFetch() } : { fetch: netFetch }),
      });
    }
    client.onclose = () => {
      if (conn.#closed) return;
      conn.#closed = true;
      opts.onClosed?.(opts.name, conn.#stderrTail.trim());
    };
    try {
      await client.connect(transport, { timeout: startupMs });
      conn.#client = client;
      conn.#tools = await conn.#listAllTools(startupMs);
    } catch (err) {
      conn.#closed = true;
      await client.close().catch(() => undefined);
      if (config.url !== undefined && isUnauthorized(err)) {
        throw new McpLoginRequiredError(opts.name, authorized ? 'the server refused its stored token' : undefined);
      }
      const stderr = conn.#stderrTail.trim();
      throw new ToolError(`MCP server ${opts.name} did not start: ${errorMessage(err)}${stderr ? ` (its stderr: ${stderr})` : ''}`, { cause: err });
    }
    return conn;
  }

  async #listAllTools(timeoutMs: number): Promise<Tool[]> {
    const client = this.#client as Client;
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor !== undefined ? { cursor } : {}, { timeout: timeoutMs });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  }

  /** The OAuth access token the connection sends now (refreshes included); undefined without OAuth. */
  get oauthAccessToken(): string | undefined {
    return this.#authProvider?.tokens()?.access_token;
  }

  /** What the server said about itself at initialization. */
  get serverInfo(): { name: string; version: string; title?: string | undefined } | undefined {
    return this.#client?.getServerVersion();
  }

  get capabilities(): unknown {
    return this.#client?.getServerCapabilities();
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The server's tools as it listed them at start (none once it has closed). */
  get tools(): readonly Tool[] {
    return this.#closed ? [] : this.#tools;
  }

  /** Call one tool; rejects with a ToolError when the server is gone, times out or answers with a protocol error. */
  async callTool(tool: string, args: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<CallToolResult> {
    if (this.#closed || this.#client === undefined) throw new ToolError(`MCP server ${this.name} is not running`);
    try {
      const result = await this.#client.callTool({ name: tool, ...(args !== undefined ? { arguments: args } : {}) }, undefined, {
        timeout: this.toolTimeoutMs,
        ...(signal ? { signal } : {}),
      });
      return result as CallToolResult;
    } catch (err) {
      throw new ToolError(`MCP server ${this.name}, tool ${tool}: ${errorMessage(err)}`, { cause: err });
    }
  }

  /** One page of the server's resources, resource templates, or one resource's contents. */
  async resources(kind: 'resources' | 'templates', cursor: string | undefined): Promise<{ items: unknown[]; nextCursor?: string | undefined }> {
    const client = this.#live();
    const params = cursor !== undefined ? { cursor } : {};
    try {
      if (kind === 'resources') {
        const page = await client.listResources(params, { timeout: this.toolTimeoutMs });
        return { items: page.resources, nextCursor: page.nextCursor };
      }
      const page = await client.listResourceTemplates(params, { timeout: this.toolTimeoutMs });
      return { items: page.resourceTemplates, nextCursor: page.nextCursor };
    } catch (err) {
      throw new ToolError(`MCP server ${this.name}: ${errorMessage(err)}`, { cause: err });
    }
  }

  async readResource(uri: string): Promise<unknown[]> {
    const client = this.#live();
    try {
      return (await client.readResource({ uri }, { timeout: this.toolTimeoutMs })).contents;
    } catch (err) {
      throw new ToolError(`MCP server ${this.name}, resource ${uri}: ${errorMessage(err)}`, { cause: err });
    }
  }

  #live(): Client {
    if (this.#closed || this.#client === undefined) throw new ToolError(`MCP server ${this.name} is not running`);
    return this.#client;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#client?.close().catch(() => undefined);
  }
}
