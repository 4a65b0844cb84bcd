// Which 0.169 request runs what: each method weft serves has its 0.169 params schema (checked
// first, with the deserializer's error wording), then is handed to weft's handler in the form the
// handlers take. Methods of features weft does not have get a clear error naming the feature;
// a name the protocol does not have is an unknown variant, as Codex answers it.
import { z } from 'zod';
import { ReasoningEffort } from '../../../../protocol/app-server/common.js';
import { CLIENT_REQUESTS, type ClientRequestMethod } from '../../../../protocol/app-server/methods.js';
import { CLIENT_REQUEST_METHODS_0169 } from '../../../../protocol/app-server/v0169/method-names.js';
import * as P from '../../../../protocol/app-server/v0169/params.js';
import * as C from '../../../../protocol/app-server/v0169/config-params.js';
import { configBatchWrite, configRead, configRequirementsRead, configValueWrite } from '../../handlers/config-methods.js';
import { HANDLERS } from '../../handlers/index.js';
import type { HandlerResult } from '../../handlers/handler.js';
import { threadItemsList, threadRevert, threadTurnsList } from '../../handlers/thread-pages.js';
import { parseParams, rpcError } from '../../rpc-errors.js';
import type { ServerContext } from '../../server-context.js';
import type { RoutedRequest } from '../generation.js';
import { parseParams0169, unknownVariant } from './serde-errors.js';

type Run = (ctx: ServerContext, params: unknown, wire: Record<string, unknown>) => HandlerResult | Promise<HandlerResult>;

interface Route {
  readonly params: z.ZodType;
  readonly run: Run;
  readonly experimental?: boolean;
}

type Params = Record<string, unknown>;

function weftInput(input: Params): Params {
  if (input.type === 'audio' || input.type === 'localAudio') throw rpcError.invalidRequest('audio input is not supported by weft; send text or images');
  if (input.type === 'image' && typeof input.url !== 'string') throw rpcError.invalidRequest('image input by `fileId` is not supported by weft; send a `url` or a `localImage`');
  return input;
}

/** 0.169 params in the form weft's handlers take (values the 0.98 shapes cannot hold are mapped or refused). */
function weftForm(p: Params): Params {
  const out: Params = { ...p };
  // Granular approval rules ask before what the sandbox does not allow: weft's on-request.
  if (typeof out.approvalPolicy === 'object' && out.approvalPolicy !== null) out.approvalPolicy = 'on-request';
  if (out.effort !== undefined && out.effort !== null && !ReasoningEffort.safeParse(out.effort).success) delete out.effort;
  if (Array.isArray(out.input)) out.input = (out.input as Params[]).map(weftInput);
  return out;
}

/** A 0.98 handler behind a 0.169 schema. */
function weft(method: Exclude<ClientRequestMethod, 'initialize'>, params: z.ZodType, experimental = false): Route {
  const handler = HANDLERS[method] as (ctx: ServerContext, params: unknown, wire?: Params) => HandlerResult | Promise<HandlerResult>;
  return {
    params,
    experimental,
    run: (ctx, parsed, wire) => handler(ctx, parseParams(method, CLIENT_REQUESTS[method].params, weftForm(parsed as Params)), wire),
  };
}

const ROUTES: Readonly<Record<string, Route>> = {
  'thread/start': weft('thread/start', P.ThreadStartParams0169),
  'thread/resume': weft('thread/resume', P.ThreadResumeParams0169),
  'thread/fork': weft('thread/fork', P.ThreadForkParams0169),
  'thread/archive': weft('thread/archive', P.ThreadIdParams0169),
  'thread/unarchive': weft('thread/unarchive', P.ThreadIdParams0169),
  'thread/name/set': weft('thread/name/set', P.ThreadSetNameParams0169),
  'thread/compact/start': weft('thread/compact/start', P.ThreadIdParams0169),
  // Not in 0.169 (thread/revert replaced it); kept for clients of the previous generation.
  'thread/rollback': weft('thread/rollback', P.ThreadRollbackParams0169),
  'thread/list': weft('thread/list', P.ThreadListParams0169),
  'thread/loaded/list': weft('thread/loaded/list', P.ThreadLoadedListParams0169),
  'thread/read': weft('thread/read', P.ThreadReadParams0169),
  'turn/start': weft('turn/start', P.TurnStartParams0169),
  'turn/steer': weft('turn/steer', P.TurnSteerParams0169),
  'turn/interrupt': weft('turn/interrupt', P.TurnInterruptParams0169),
  'model/list': weft('model/list', P.ModelListParams0169),
  'collaborationMode/list': weft('collaborationMode/list', z.object({}), true),
  'thread/turns/list': { params: P.ThreadTurnsListParams0169, run: (ctx, p) => threadTurnsList(ctx, p as z.infer<typeof P.ThreadTurnsListParams0169>) },
  'thread/items/list': { params: P.ThreadItemsListParams0169, run: (ctx, p) => threadItemsList(ctx, p as z.infer<typeof P.ThreadItemsListParams0169>) },
  'thread/revert': { params: P.ThreadRevertParams0169, run: (ctx, p) => threadRevert(ctx, p as z.infer<typeof P.ThreadRevertParams0169>) },
  'config/read': { params: C.ConfigReadParams0169, run: (ctx, p) => configRead(ctx, p as z.infer<typeof C.ConfigReadParams0169>) },
  'config/value/write': { params: C.ConfigValueWriteParams0169, run: (ctx, p) => configValueWrite(ctx, p as z.infer<typeof C.ConfigValueWriteParams0169>) },
  'config/batchWrite': { params: C.ConfigBatchWriteParams0169, run: (ctx, p) => configBatchWrite(ctx, p as z.infer<typeof C.ConfigBatchWriteParams0169>) },
  'configRequirements/read': { params: z.unknown(), run: () => configRequirementsRead() },
};

/** Features weft does not have, by method prefix: what the error names. */
const MISSING_FEATURES: ReadonlyArray<[string, string]> = [
  ['account', 'accounts (weft reads API keys from its config)'],
  ['plugin/', 'plugins'],
  ['marketplace/', 'plugin marketplaces'],
  ['remoteControl/', 'remote control'],
  ['app/', 'apps'],
  ['thread/realtime/', 'realtime sessions'],
];

const KNOWN = new Set(CLIENT_REQUEST_METHODS_0169);

export function route0169(method: string, params: unknown, experimental: boolean): RoutedRequest<ServerContext> {
  const route = ROUTES[method];
  if (!route) {
    if (!KNOWN.has(method)) throw unknownVariant(method, CLIENT_REQUEST_METHODS_0169);
    const feature = MISSING_FEATURES.find(([prefix]) => method.startsWith(prefix))?.[1];
    throw rpcError.invalidRequest(feature ? `${method}: weft has no ${feature}; this method is unavailable` : `${method} is not supported by weft`);
  }
  if (route.experimental && !experimental) throw rpcError.invalidRequest(`${method} requires experimentalApi capability`);
  const parsed = parseParams0169(route.params, params) as Params;
  return (ctx) => route.run(ctx, parsed, parsed);
}
