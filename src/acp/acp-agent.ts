// `weft acp`: an Agent Client Protocol agent built on the official SDK, with weft's engine behind
// it through its own app-server (app-server-link.ts). A session is a weft thread (its id is the
// thread's); a prompt is a turn, streamed back as session updates (session-updates.ts); the
// engine's approvals become the editor's permission requests; cancel interrupts the turn; list and
// load read the stored threads, and a load replays the history. Where the editor offers its files
// and terminals at `initialize`, the model's patches read and write through them and its commands
// run in its terminals (editor-workspace.ts), each shown on its tool call as that terminal.
import * as acp from '@agentclientprotocol/sdk';
import type { AppServerOptions } from '../app-server/app-server.js';
import { errorMessage } from '../errors.js';
import { AppServerLink, AppServerRequestError, type Json } from './app-server-link.js';
import { promptInput } from './prompt-input.js';
import { replayUpdates, sessionUpdatesOf } from './session-updates.js';
import { editorWorkspace } from './editor-workspace.js';

type Outcome = 'completed' | 'interrupted' | 'failed';

interface Session {
  readonly cwd: string;
  /** The editor terminal each tool call's command runs in (its latest), by call id. */
  readonly terminals: Map<string, string>;
  /** Tool calls the editor has been shown. */
  readonly shown: Set<string>;
  /** The running turn (once turn/start answered) and how its prompt ends. */
  turn?: { id?: string; cancelled: boolean; done: (status: Outcome, error?: string) => void };
}

const PERMISSION_OPTIONS: acp.PermissionOption[] = [
  { optionId: 'allow_once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Allow for this session', kind: 'allow_always' },
  { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
];

/** The app-server decision for the option the editor picked. */
function decisionOf(outcome: acp.RequestPermissionOutcome): string {
  if (outcome.outcome === 'cancelled') return 'cancel';
  if (outcome.optionId === 'allow_once') return 'accept';
  if (outcome.optionId === 'allow_always') return 'acceptForSession';
  return 'decline';
}

const newSession = (cwd: string): Session => ({ cwd, terminals: new Map(), shown: new Set() });

const terminalContent = (terminalId: string): acp.ToolCallContent[] => [{ type: 'terminal', terminalId }];

/** A tool call as the editor sees it: one whose command runs in its terminal shows that terminal. */
function withTerminal(session: Session, update: acp.SessionUpdate): acp.SessionUpdate {
  if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update') return update;
  if (update.sessionUpdate === 'tool_call') session.shown.add(update.toolCallId);
  const terminalId = session.terminals.get(update.toolCallId);
  return terminalId === undefined ? update : { ...update, content: terminalContent(terminalId) };
}

const toRequestError = (err: unknown): Error => (err instanceof AppServerRequestError ? new acp.RequestError(-32603, err.message) : (err as Error));

export interface AcpAgentOptions {
  readonly server: Omit<AppServerOptions, 'write'>;
  readonly version: string;
}

/** Serves ACP on `stream` until it closes. */
export async function serveAcp(stream: acp.Stream, options: AcpAgentOptions): Promise<void> {
  const sessions = new Map<string, Session>();
  let client: acp.AgentContext | undefined;
  let capabilities: acp.ClientCapabilities | undefined;
  // Updates go out in the order the engine made them, each before the answer of its prompt.
  let sent: Promise<void> = Promise.resolve();
  const send = (sessionId: string, update: acp.SessionUpdate): Promise<void> => {
    const c = client;
    if (c) sent = sent.then(() => c.notify('session/update', { sessionId, update })).catch(() => undefined);
    return sent;
  };

  // The editor's files and terminals for a session's turns, where it offered them.
  const workspace = (threadId: string) => {
    const session = sessions.get(threadId);
    if (!client || !session) return undefined;
    return editorWorkspace(client, capabilities, threadId, (callId, terminalId) => {
      session.terminals.set(callId, terminalId);
      if (session.shown.has(callId)) void send(threadId, { sessionUpdate: 'tool_call_update', toolCallId: callId, content: terminalContent(terminalId) });
    });
  };

  const link = new AppServerLink({ ...options.server, workspace }, {
    notification: (method, params) => {
      const threadId = typeof params.threadId === 'string' ? params.threadId : undefined;
      const session = threadId ? sessions.get(threadId) : undefined;
      if (!threadId || !session) return;
      for (const update of sessionUpdatesOf(method, params)) void send(threadId, withTerminal(session, update));
      if (method === 'turn/completed') {
        const turn = params.turn as { status: Outcome; error?: { message?: string } | null };
        session.turn?.done(turn.status, turn.error?.message);
      }
    },
    request: async (method, params) => {
      const c = client;
      const sessionId = String(params.threadId ?? '');
      if (!c || !sessions.has(sessionId)) return { decision: 'cancel' };
      if (method === 'item/commandExecution/requestApproval' || method === 'item/fileChange/requestApproval') {
        const execute = method === 'item/commandExecution/requestApproval';
        const toolCall: acp.ToolCallUpdate = {
          toolCallId: String(params.itemId),
          status: 'pending',
          kind: execute ? 'execute' : 'edit',
          title: execute ? String(params.command ?? '') : 'Apply the changes',
          rawInput: execute ? { command: params.command, cwd: params.cwd, reason: params.reason ?? null } : { reason: params.reason ?? null },
        };
        await sent;
        const answer = await c.request('session/request_permission', { sessionId, toolCall, options: PERMISSION_OPTIONS });
        return { decision: decisionOf(answer.outcome) };
      }
      throw new Error(`${method} has no ACP form; weft acp declines it`);
    },
  });

  const app = acp
    .agent({ name: 'weft' })
    .onRequest('initialize', async ({ params }) => {
      const info = params.clientInfo;
      capabilities = params.clientCapabilities;
      await link.request('initialize', { clientInfo: { name: info?.name ?? 'acp-client', title: info?.title ?? null, version: info?.version ?? '0' }, capabilities: { experimentalApi: true } });
      link.notify('initialized');
      return {
        protocolVersion: acp.PROTOCOL_VERSION,
        agentInfo: { name: 'weft', title: 'weft', version: options.version },
        agentCapabilities: { loadSession: true, promptCapabilities: { image: true, embeddedContext: true }, sessionCapabilities: { list: {} } },
        authMethods: [],
      };
    })
    .onRequest('authenticate', () => ({}))
    .onRequest('session/new', async ({ params }) => {
      const { thread } = await link.request<{ thread: { id: string } }>('thread/start', { cwd: params.cwd }).catch((err: unknown) => {
        throw toRequestError(err);
      });
      sessions.set(thread.id, newSession(params.cwd));
      return { sessionId: thread.id };
    })
    .onRequest('session/load', async ({ params }) => {
      const opened = await link.request<{ thread: { turns?: Json[] } }>('thread/resume', { threadId: params.sessionId, cwd: params.cwd }).catch((err: unknown) => {
        throw toRequestError(err);
      });
      sessions.set(params.sessionId, newSession(params.cwd));
      for (const update of replayUpdates(opened.thread.turns ?? [])) void send(params.sessionId, update);
      await sent;
      return {};
    })
    .onRequest('session/list', async ({ params }) => {
      const page = await link
        .request<{ data: Json[]; nextCursor: string | null }>('thread/list', { cursor: params.cursor ?? null, ...(params.cwd ? { cwd: params.cwd } : {}) })
        .catch((err: unknown) => {
          throw toRequestError(err);
        });
      return {
        sessions: page.data.map((t) => ({
          sessionId: String(t.id),
          cwd: String(t.cwd),
          title: typeof t.name === 'string' ? t.name : typeof t.preview === 'string' && t.preview !== '' ? t.preview : null,
          updatedAt: typeof t.updatedAt === 'number' ? new Date(t.updatedAt * 1000).toISOString() : null,
        })),
        nextCursor: page.nextCursor,
      };
    })
    .onRequest('session/prompt', async ({ params }) => {
      const session = sessions.get(params.sessionId);
      if (!session) throw acp.RequestError.invalidParams({ sessionId: params.sessionId }, 'unknown session: open it with session/new or session/load first');
      if (session.turn) throw acp.RequestError.invalidRequest(undefined, 'a prompt of this session is still running; cancel it first');
      let finish: (status: Outcome, error?: string) => void = () => undefined;
      const ended = new Promise<{ status: Outcome; error?: string }>((resolve) => (finish = (status, error) => resolve({ status, error })));
      const turn: NonNullable<Session['turn']> = { cancelled: false, done: (s, e) => finish(s, e) };
      session.turn = turn;
      try {
        const started = await link.request<{ turn: { id: string } }>('turn/start', { threadId: params.sessionId, input: promptInput(params.prompt) });
        turn.id = started.turn.id;
        if (turn.cancelled) void link.request('turn/interrupt', { threadId: params.sessionId, turnId: turn.id }).catch(() => undefined);
        const end = await ended;
        await sent;
        if (end.status === 'interrupted' || turn.cancelled) return { stopReason: 'cancelled' };
        if (end.status === 'failed') throw new acp.RequestError(-32603, end.error ?? 'the turn failed');
        return { stopReason: 'end_turn' };
      } catch (err) {
        throw toRequestError(err);
      } finally {
        session.turn = undefined;
      }
    })
    .onNotification('session/cancel', async ({ params }) => {
      const turn = sessions.get(params.sessionId)?.turn;
      if (!turn) return;
      turn.cancelled = true;
      if (turn.id) await link.request('turn/interrupt', { threadId: params.sessionId, turnId: turn.id }).catch((err: unknown) => options.server.log?.(`cancel: ${errorMessage(err)}`));
    });

  const conn = app.connect(stream);
  client = conn.client;
  await conn.closed;
  await link.close();
}
