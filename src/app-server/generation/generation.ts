// The app-server protocol generation a server speaks, chosen by the behaviour profile in effect
// (`protocolGeneration` of the profile). A generation decides what the wire
// looks like — which methods exist and how bad requests are answered, the shape of threads, turns
// and items, which notifications frame a turn — while the handlers keep one behaviour for both.
import type { Thread as Thread0098, Turn as Turn0098, ThreadItem } from '../../../protocol/app-server/common.js';
import type { Model as Model0098 } from '../../../protocol/app-server/models.js';
import type { RolloutRecord } from '../../rollout/format/reader.js';
import type { HandlerResult } from '../handlers/handler-result.js';
import type { ThreadReadState } from '../thread-read-state.js';
import type { ThreadFacts } from '../thread-view.js';

/** What the server knows of a thread beyond its rollout head (loaded ones only). */
export interface ThreadLive {
  readonly status: ThreadStatus;
  readonly model: string | null;
  readonly reasoningEffort: string | null;
  readonly ephemeral: boolean;
  readonly name: string | null;
}

export type ThreadStatus = { type: 'notLoaded' } | { type: 'idle' } | { type: 'systemError' } | { type: 'active'; activeFlags: string[] };

/** A turn as the server tracks it, rendered by the generation. */
export interface TurnState {
  readonly id: string;
  readonly status: Turn0098['status'];
  readonly error: Turn0098['error'];
  readonly items: readonly ThreadItem[];
  /** Unix milliseconds; null before the turn began / ended. */
  readonly startedAtMs: number | null;
  readonly completedAtMs: number | null;
  /** The team's root turn this turn belongs to (a sub-agent's turn); its own id otherwise. */
  readonly rootTurnId?: string | undefined;
}

/** Outgoing notification params, reshaped per generation; null drops the notification. */
export interface NotificationShaper {
  /** `at`: when the notification was emitted (ms since the epoch; items' times are stamped with it). */
  shape(method: string, params: Record<string, unknown>, at: number): Record<string, unknown>;
  /** Items the turn's summary holds (turn/completed), collected from what went out. */
  summary(turnId: string): ThreadItem[];
}

export type OpenKind = 'start' | 'resume' | 'fork';

/**
 * A validated request, ready to run against the server's context. `Ctx` is that context
 * (ServerContext): a parameter, so this interface module does not import the context back.
 */
export type RoutedRequest<Ctx> = (ctx: Ctx) => HandlerResult | Promise<HandlerResult>;

/**
 * A protocol generation. `Ctx` is the context its routed requests run against (ServerContext for
 * the server); readers that only shape threads and turns leave it at `never`. The choice of
 * implementation from a profile is `generationOf` in ./select-generation.ts.
 */
export interface AppServerGeneration<Ctx = never> {
  /**
   * Validates a request: what runs it, or throws this generation's error (unknown method, bad
   * params, a feature weft does not have).
   */
  route(method: string, params: unknown, experimental: boolean): RoutedRequest<Ctx>;
  /** The Codex version whose protocol this is (first version of the user agent). */
  readonly codexVersion: string;
  /** Notifications carry `emittedAtMs` beside their params. */
  readonly stampsNotifications: boolean;
  /** `thread/status/changed` frames every turn (active, then idle or systemError). */
  readonly reportsThreadStatus: boolean;
  /** A `turn/start` that changes the thread's settings sends `thread/settings/updated` before its answer (to experimental-API clients). */
  readonly reportsThreadSettings: boolean;
  /** A completed turn of a stored thread sends `thread/readState/changed` (before the idle status) to experimental-API clients. */
  readonly reportsReadState: boolean;
  /** `mcpServer/startupStatus/updated` tells how a thread's MCP servers start. */
  readonly reportsMcpStartup: boolean;
  /** Turn ids are UUIDs shared with the rollout (else the thread's submission counter). */
  readonly uuidTurnIds: boolean;
  /** `turn/start` during a running turn answers with that turn (else a fresh id with turn/started). */
  readonly steeringJoinsRunningTurn: boolean;
  /**
   * Token totals recorded before a request are reported when its response starts streaming (0.98);
   * else only after responses, and when a response is cut short (interrupt, steering).
   */
  readonly totalsBeforeResponse: boolean;
  /** The deprecated `thread/compacted` follows a compaction item. */
  readonly sendsThreadCompacted: boolean;
  /** Steered input cuts the response streaming and asks again with it (else it waits for the response's end). */
  readonly steeringCutsResponse: boolean;
  /** The JSON-RPC code an error is answered with (0.169 answers every bad request with -32600). */
  errorCode(code: number): number;
  /** `turn/start` with empty input asks the model anyway (else the turn ends at once). */
  readonly emptyInputSamples: boolean;
  /** `turn/interrupt` must name the running turn, and nothing running is an error. */
  readonly strictInterrupt: boolean;
  /** `thread/start {ephemeral: true}` gives a thread without a rollout. */
  readonly ephemeralThreads: boolean;
  /** thread/started of a fork carries the copied turns. */
  readonly forkAnnouncedWithTurns: boolean;
  /** thread/archived and thread/unarchived follow those requests. */
  readonly announcesArchiving: boolean;
  /** The model has no catalog entry: say so with a `warning` before a turn's answer. */
  readonly warnsOfUnknownModel: boolean;
  initializeResult(userAgent: string, codexHome: string): Record<string, unknown>;
  /** Notifications a client gets once it sent `initialized`. */
  afterInitialized(installationId: string): Array<{ method: string; params: Record<string, unknown> }>;
  /** A thread object; `live` for threads loaded in this server. */
  thread(facts: ThreadFacts | EphemeralFacts, turns: TurnState[], live: ThreadLive | undefined, defaultProvider: string): Record<string, unknown>;
  turn(turn: TurnState): Record<string, unknown>;
  /** Turns replayed from a rollout. */
  turnsFromRecords(records: readonly RolloutRecord[]): TurnState[];
  /** The answer of start/resume/fork around the 0.98 fields (thread, settings). */
  /** `excludeTurns`: the client pages the history itself (the answer carries cursors to its newest turn and item instead). */
  openedResult(kind: OpenKind, base: OpenedBase, turns: TurnState[], excludeTurns?: boolean): Record<string, unknown>;
  /** `deprecationNotice` summary for a full-history request, if this generation sends one. */
  fullHistoryNotice(method: 'thread/resume' | 'thread/fork' | 'thread/read'): string | undefined;
  newShaper(): NotificationShaper;
  /** thread/list answer around the page (`readStates`: by thread id, for threads that have one). */
  listResult(data: Record<string, unknown>[], nextCursor: string | null, readStates: Record<string, ThreadReadState>): Record<string, unknown>;
  readResult(thread: Record<string, unknown>, readState: ThreadReadState | null): Record<string, unknown>;
  /** A model/list entry in this generation's shape (from the 0.98 fields weft computes). */
  modelEntry(model: Model0098): Record<string, unknown>;
}

/** The settings part every start/resume/fork answer has, as weft computes it. */
export interface OpenedBase {
  readonly thread: Record<string, unknown>;
  readonly model: string;
  readonly modelProvider: string;
  readonly cwd: string;
  readonly approvalPolicy: string;
  readonly sandbox: Record<string, unknown>;
  readonly reasoningEffort: string | null;
}

/** A thread that has no rollout (ephemeral): what its object is made of. */
export interface EphemeralFacts {
  readonly path: null;
  readonly meta: { id: string; timestamp: string; cwd: string; cli_version: string; originator: string; model_provider?: string; source?: unknown; forked_from_id?: string };
  readonly preview: string;
  readonly mtimeMs: number;
  readonly name?: string | null;
}

export type { Thread0098 };
