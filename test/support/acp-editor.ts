// An editor for `weft acp` run in process: the official SDK's client app on one end of an in-memory
// ndjson stream, weft's ACP agent (serveAcp) on the other. The editor offers what the test says
// (`clientCapabilities`), keeps open buffers (`buffers`: their unsaved text, read by fs/read_text_file,
// written by fs/write_text_file, never saved to disk), and runs terminal/create as an editor does: the
// command spawned as given, stdout and stderr into one output, in a process group of its own so that
// terminal/kill stops all of it. Every fs/* and terminal/* request is logged in `calls`.
import { spawn, type ChildProcess } from 'node:child_process';
import * as acp from '@agentclientprotocol/sdk';
import { serveAcp } from '../../src/acp/acp-agent.js';
import type { ServerOptions } from '../../src/app-server/server-context.js';

export interface EditorTerminal {
  readonly id: string;
  readonly command: string;
  readonly args: readonly string[];
  output: string;
  exit?: { exitCode: number | null; signal: string | null };
  readonly exited: Promise<void>;
  readonly child: ChildProcess;
  /** Resolves once the output contains `text`. */
  printed(text: string): Promise<void>;
}

export interface InProcessEditor {
  readonly agent: acp.ClientContext;
  readonly updates: acp.SessionNotification[];
  readonly permissions: acp.RequestPermissionRequest[];
  readonly calls: { method: string; params: Record<string, unknown> }[];
  readonly buffers: Map<string, string>;
  readonly terminals: Map<string, EditorTerminal>;
  /** Resolves with the first terminal created. */
  readonly firstTerminal: Promise<EditorTerminal>;
  close(): Promise<void>;
}

/** Two ends of an in-memory connection; `hangUp` ends what the agent reads, as an editor closing its pipe. */
function pipePair(): { agent: acp.Stream; editor: acp.Stream; hangUp: () => void } {
  const toAgent = new TransformStream<Uint8Array, Uint8Array>();
  const toEditor = new TransformStream<Uint8Array, Uint8Array>();
  let gate: TransformStreamDefaultController<Uint8Array> | undefined;
  const agentIn = toAgent.readable.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ start: (c) => void (gate = c) }));
  return {
    agent: acp.ndJsonStream(toEditor.writable, agentIn),
    editor: acp.ndJsonStream(toAgent.writable, toEditor.readable),
    hangUp: () => gate?.terminate(),
  };
}

function runTerminal(id: string, params: acp.CreateTerminalRequest): EditorTerminal {
  const env = Object.fromEntries((params.env ?? []).map((v) => [v.name, v.value]));
  const child = spawn(params.command, params.args ?? [], { cwd: params.cwd ?? undefined, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const waiters: { text: string; resolve: () => void }[] = [];
  let markExited: () => void = () => undefined;
  const terminal: EditorTerminal = {
    id,
    command: params.command,
    args: params.args ?? [],
    output: '',
    exited: new Promise<void>((resolve) => (markExited = resolve)),
    child,
    printed: (text) => (terminal.output.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ text, resolve }))),
  };
  const take = (d: Buffer): void => {
    terminal.output += d.toString('utf8');
    for (const w of waiters.filter((x) => terminal.output.includes(x.text))) w.resolve();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  child.on('error', (err) => {
    terminal.output += String(err);
    terminal.exit = { exitCode: 127, signal: null };
    markExited();
  });
  child.on('close', (code, signal) => {
    terminal.exit = { exitCode: code, signal };
    markExited();
  });
  return terminal;
}

export function startInProcessEditor(server: ServerOptions, clientCapabilities: acp.ClientCapabilities): InProcessEditor {
  const streams = pipePair();
  const updates: acp.SessionNotification[] = [];
  const permissions: acp.RequestPermissionRequest[] = [];
  const calls: InProcessEditor['calls'] = [];
  const buffers = new Map<string, string>();
  const terminals = new Map<string, EditorTerminal>();
  let first: (t: EditorTerminal) => void = () => undefined;
  const firstTerminal = new Promise<EditorTerminal>((resolve) => (first = resolve));
  const terminal = (id: string): EditorTerminal => {
    const t = terminals.get(id);
    if (!t) throw acp.RequestError.resourceNotFound(id);
    return t;
  };
  const log = (method: string, params: object): void => void calls.push({ method, params: { ...params } });
  const app = acp
    .client()
    .onRequest('session/request_permission', ({ params }) => {
      permissions.push(params);
      const allow = params.options.find((o) => o.kind === 'allow_once') ?? params.options[0];
      return { outcome: { outcome: 'selected', optionId: allow!.optionId } };
    })
    .onNotification('session/update', ({ params }) => void updates.push(params))
    .onRequest('fs/read_text_file', ({ params }) => {
      log('fs/read_text_file', params);
      const text = buffers.get(params.path);
      if (text === undefined) throw acp.RequestError.resourceNotFound(params.path);
      return { content: text };
    })
    .onRequest('fs/write_text_file', ({ params }) => {
      log('fs/write_text_file', params);
      buffers.set(params.path, params.content);
      return {};
    })
    .onRequest('terminal/create', ({ params }) => {
      log('terminal/create', params);
      const t = runTerminal(`term-${terminals.size + 1}`, params);
      terminals.set(t.id, t);
      first(t);
      return { terminalId: t.id };
    })
    .onRequest('terminal/output', ({ params }) => {
      const t = terminal(params.terminalId);
      return { output: t.output, truncated: false, exitStatus: t.exit ?? null };
    })
    .onRequest('terminal/wait_for_exit', async ({ params }) => {
      log('terminal/wait_for_exit', params);
      const t = terminal(params.terminalId);
      await t.exited;
      return t.exit ?? {};
    })
    .onRequest('terminal/kill', ({ params }) => {
      log('terminal/kill', params);
      const t = terminal(params.terminalId);
      if (t.exit === undefined && t.child.pid !== undefined) process.kill(-t.child.pid, 'SIGKILL');
      return {};
    })
    .onRequest('terminal/release', ({ params }) => {
      log('terminal/release', params);
      return {};
    });
  const conn = app.connect(streams.editor);
  const served = serveAcp(streams.agent, { server, version: '0.0.0-test' });
  return {
    agent: conn.agent,
    updates,
    permissions,
    calls,
    buffers,
    terminals,
    firstTerminal,
    async close() {
      conn.close();
      streams.hangUp();
      for (const t of terminals.values()) if (t.exit === undefined && t.child.pid !== undefined) process.kill(-t.child.pid, 'SIGKILL');
      await served;
    },
  };
}
