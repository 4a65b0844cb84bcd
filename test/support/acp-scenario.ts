// An editor's session over the Agent Client Protocol, driven with the official SDK's client against
// an agent process (codex-acp spawning `weft app-server`, or `weft acp`) on a mock Responses server:
// initialize, a new session, a prompt whose answer streams in pieces, a shell command the model
// wants run outside the sandbox (the editor is asked and allows it), a prompt cancelled while it
// streams, the session list, and a load of the session from a fresh agent process, which replays
// the history. Each step's observations are returned for the test to assert.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { functionCallReply, lastUserText, startMockResponsesServer, textReply, type MockReply, type MockServer, type SseReply } from '../../src/testing/index.js';
import { mockProviderTable } from './appserver-workspace.js';
import { tempDir } from './temp-tree.js';

export interface AcpWorkspace {
  readonly root: string;
  readonly cwd: string;
  readonly codexHome: string;
  readonly env: Record<string, string>;
  readonly mock: MockServer;
  /** Lets the held reply of the `wait` prompt finish. */
  readonly release: () => void;
}

/** The agent under test: how to start it in a workspace. */
export type AgentCommand = (ws: AcpWorkspace) => { command: string; args: string[]; env: Record<string, string> };

/** `text` as a reply streamed in three deltas. */
export function streamedTextReply(text: string, pieces = 3): SseReply {
  const whole = textReply(text);
  const at = whole.sse.findIndex((e) => (e as { type?: string }).type === 'response.output_text.delta');
  const delta = whole.sse[at] as Record<string, unknown>;
  const size = Math.ceil(text.length / pieces);
  const parts = Array.from({ length: pieces }, (_, i) => text.slice(i * size, (i + 1) * size)).filter((p) => p !== '');
  return { ...whole, sse: [...whole.sse.slice(0, at), ...parts.map((p) => ({ ...delta, delta: p })), ...whole.sse.slice(at + 1)] };
}

export async function acpWorkspace(): Promise<AcpWorkspace> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const mock = await startMockResponsesServer({
    respond: (req): MockReply => {
      const input = (req.body as { input: Array<{ type?: string }> }).input;
      if (input[input.length - 1]?.type === 'function_call_output') return textReply('The command ran.');
      const text = lastUserText(req.body) ?? '';
      if (text.includes('run it')) return functionCallReply('exec_command', { cmd: 'touch made-by-the-editor', sandbox_permissions: 'require_escalated', justification: 'asked to' }, 'call_acp_1');
      if (text.includes('wait')) {
        const reply = textReply('a long answer');
        // Held after its first delta: the editor sees it start, then cancels.
        const at = reply.sse.findIndex((e) => (e as { type?: string }).type === 'response.output_text.delta');
        return { ...reply, pause: { after: at + 1, until: held } };
      }
      // Codex-acp's title helper asks a model too: give it a plain title.
      if (text.includes('generate a very short title')) return textReply('{"title": "Greeting"}');
      return streamedTextReply(`echo: ${text}`);
    },
  });
  const root = await tempDir('weft-acp-');
  const cwd = path.join(root, 'cwd');
  const codexHome = path.join(root, 'codex_home');
  for (const d of [cwd, codexHome]) await mkdir(d, { recursive: true });
  await writeFile(path.join(codexHome, 'config.toml'), `model = "mock-model"\nmodel_provider = "mock"\n${mockProviderTable(mock.url)}request_max_retries = 0\nstream_max_retries = 0\n`);
  const env = { HOME: root, CODEX_HOME: codexHome, MOCK_API_KEY: 'k', SHELL: '/bin/bash', PATH: process.env.PATH ?? '/usr/bin:/bin' };
  return { root, cwd, codexHome, env, mock, release };
}

export interface AgentProcess {
  readonly child: ChildProcess;
  readonly agent: acp.ClientContext;
  readonly updates: acp.SessionNotification[];
  readonly permissions: acp.RequestPermissionRequest[];
  readonly stderr: () => string;
  close(): Promise<void>;
}

export function startAgent(ws: AcpWorkspace, command: AgentCommand): AgentProcess {
  const { command: cmd, args, env } = command(ws);
  const child = spawn(cmd, args, { cwd: ws.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const updates: acp.SessionNotification[] = [];
  const permissions: acp.RequestPermissionRequest[] = [];
  const stream = acp.ndJsonStream(Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>);
  const app = acp
    .client()
    .onRequest('session/request_permission', ({ params }) => {
      permissions.push(params);
      const allow = params.options.find((o) => o.kind === 'allow_once') ?? params.options[0];
      return { outcome: { outcome: 'selected', optionId: allow!.optionId } };
    })
    .onNotification('session/update', ({ params }) => {
      updates.push(params);
    });
  const conn = app.connect(stream);
  return {
    child,
    agent: conn.agent,
    updates,
    permissions,
    stderr: () => err,
    async close() {
      conn.close();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** The text of the agent message chunks among `updates`, in order. */
export function agentText(updates: readonly acp.SessionNotification[]): string {
  return updates
    .map((n) => n.update)
    .filter((u): u is Extract<acp.SessionUpdate, { sessionUpdate: 'agent_message_chunk' }> => u.sessionUpdate === 'agent_message_chunk')
    .map((u) => (u.content.type === 'text' ? u.content.text : ''))
    .join('');
}

export const fileExists = (p: string): boolean => existsSync(p);
