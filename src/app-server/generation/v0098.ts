// The codex-0.98 generation: the protocol weft's app-server spoke first, kept exactly (weft's own
// error codes and wording, submission-counter turn ids, no status framing).
import type { Turn } from '../../../protocol/app-server/common.js';
import { CLIENT_REQUESTS, type ClientRequestMethod } from '../../../protocol/app-server/methods.js';
import { HANDLERS } from '../handlers/index.js';
import type { HandlerResult } from '../handlers/handler.js';
import { parseParams, rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import { threadView, turnsFromRecords, type ThreadFacts } from '../thread-view.js';
import type { AppServerGeneration, TurnState } from './generation.js';

const METHODS = Object.keys(CLIENT_REQUESTS) as ClientRequestMethod[];

const turn0098 = (t: TurnState): Turn => ({ id: t.id, items: [...t.items], status: t.status, error: t.error });

export function generation0098(codexVersion: string): AppServerGeneration<ServerContext> {
  return {
    codexVersion,
    stampsNotifications: false,
    reportsThreadStatus: false,
    reportsThreadSettings: false,
    reportsReadState: false,
    reportsMcpStartup: false,
    uuidTurnIds: false,
    steeringJoinsRunningTurn: false,
    totalsBeforeResponse: true,
    sendsThreadCompacted: true,
    steeringCutsResponse: false,
    errorCode: (code) => code,
    emptyInputSamples: false,
    strictInterrupt: false,
    ephemeralThreads: false,
    forkAnnouncedWithTurns: true,
    announcesArchiving: false,
    warnsOfUnknownModel: false,
    route(method, params, experimental) {
      if (!Object.hasOwn(HANDLERS, method)) throw rpcError.methodNotFound(method, METHODS);
      const name = method as Exclude<ClientRequestMethod, 'initialize'>;
      const schemas = CLIENT_REQUESTS[name];
      if ('experimental' in schemas && schemas.experimental && !experimental) throw rpcError.invalidRequest(`${name} requires experimentalApi capability`);
      const parsed = parseParams(name, schemas.params, params);
      const handler = HANDLERS[name] as (ctx: ServerContext, params: unknown) => HandlerResult | Promise<HandlerResult>;
      return (ctx) => handler(ctx, parsed);
    },
    initializeResult: (userAgent) => ({ userAgent }),
    afterInitialized: () => [],
    thread: (facts, turns, _live, provider) => threadView(facts as ThreadFacts, turns.map(turn0098), provider),
    turn: (t) => turn0098(t),
    turnsFromRecords: (records) => turnsFromRecords(records).map((t) => ({ ...t, error: t.error ?? null, startedAtMs: null, completedAtMs: null })),
    openedResult: (_kind, base) => ({ ...base }),
    fullHistoryNotice: () => undefined,
    newShaper: () => ({ shape: shape0098, summary: () => [] }),
    listResult: (data, nextCursor) => ({ data, nextCursor }),
    readResult: (thread) => ({ thread }),
    modelEntry: (model) => ({ ...model }),
  };
}

/** Codex 0.98's rate limits name no limit: its snapshot is the window, credits and plan only. */
function shape0098(method: string, params: Record<string, unknown>): Record<string, unknown> {
  if (method !== 'account/rateLimits/updated') return params;
  const { primary = null, secondary = null, credits = null, planType = null } = params.rateLimits as Record<string, unknown>;
  return { rateLimits: { primary, secondary, credits, planType } };
}
