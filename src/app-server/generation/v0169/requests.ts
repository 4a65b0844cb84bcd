// Which 0.169 request runs what: each method weft serves has its 0.169 params schema (checked
// first, with the deserializer's error wording), then is handed to weft's handler in the form the
// handlers take. Methods of features weft does not have get a clear error naming the feature;
// a name the protocol does not have is an unknown variant, as Codex answers it.
import { z } from 'zod';
import { ReasoningEffort } from '../../../../protocol/app-server/common.js';
import { CLIENT_REQUESTS, type ClientRequestMethod } from '../../../../protocol/app-server/methods.js';
import { CLIENT_REQUEST_METHODS_0169 } from '../../../../protocol/app-server/v0169/method-names.js';
import { PARAMS_0169, type Method0169 } from '../../../../protocol/app-server/v0169/method-params.js';
import { configBatchWrite, configRead, configRequirementsRead, configValueWrite } from '../../handlers/config-methods.js';
import { HANDLERS } from '../../handlers/index.js';
import { AccountReadParams, LoginCancelParams, LoginStartParams, accountLoginCancel, accountLoginStart, accountLogout, accountRead } from '../../handlers/account-sign-in.js';
import { mcpServerReload } from '../../handlers/mcp-reload.js';
import type { HandlerResult } from '../../handlers/handler.js';
import { skillsList } from '../../handlers/skills-list.js';
import { threadUnsubscribe } from '../../handlers/thread-unsubscribe.js';
import { threadList } from '../../handlers/thread-queries.js';
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

/** A 0.98 handler behind its 0.169 params schema (or `params`, for a method only clients of 0.98 call). */
function weft(method: Exclude<ClientRequestMethod, 'initialize'>, params?: z.ZodType, experimental = false): Route {
  const handler = HANDLERS[method] as (ctx: ServerContext, params: unknown, wire?: Params) => HandlerResult | Promise<HandlerResult>;
  const schema = params ?? (PARAMS_0169[method as Method0169] as z.ZodType | null | undefined) ?? z.object({});
  return {
    params: schema,
    experimental,
    run: (ctx, parsed, wire) => handler(ctx, parseParams(method, CLIENT_REQUESTS[method].params, weftForm(parsed as Params)), wire),
  };
}

/** A 0.169 method whose params weft checks with a schema of its own (the variants it serves). */
function checked<S extends z.ZodType>(params: S, run: (ctx: ServerContext, params: z.infer<S>) => HandlerResult | Promise<HandlerResult>): Route {
  return { params, run: (ctx, parsed) => run(ctx, parsed as z.infer<S>) };
}

/** A 0.169-only method: its handler takes the 0.169 params as parsed. */
function own<M extends Method0169>(method: M, run: (ctx: ServerContext, params: never) => HandlerResult | Promise<HandlerResult>): Route {
  return { params: (PARAMS_0169[method] as z.ZodType | null) ?? z.unknown(), run: (ctx, parsed) => run(ctx, parsed as never) };
}

const ROUTES: Readonly<Record<string, Route>> = {
  'thread/start': weft('thread/start'),
  'thread/resume': weft('thread/resume'),
  'thread/fork': weft('thread/fork'),
  'thread/archive': weft('thread/archive'),
  'thread/unarchive': weft('thread/unarchive'),
  'thread/name/set': weft('thread/name/set'),
  'thread/compact/start': weft('thread/compact/start'),
  'thread/rollback': weft('thread/rollback'),
  'thread/list': own('thread/list', threadList),
  'thread/loaded/list': weft('thread/loaded/list'),
  'thread/read': weft('thread/read'),
  'turn/start': weft('turn/start'),
  'turn/steer': weft('turn/steer'),
  'turn/interrupt': weft('turn/interrupt'),
  'model/list': weft('model/list'),
  'collaborationMode/list': weft('collaborationMode/list', z.object({}), true),
  'thread/turns/list': own('thread/turns/list', threadTurnsList),
  'thread/items/list': own('thread/items/list', threadItemsList),
  'thread/revert': own('thread/revert', threadRevert),
  'config/read': own('config/read', configRead),
  'config/value/write': own('config/value/write', configValueWrite),
  'config/batchWrite': own('config/batchWrite', configBatchWrite),
  'configRequirements/read': own('configRequirements/read', configRequirementsRead),
  // MCP: the schemas are the 0.169 ones already (protocol/app-server/mcp.ts).
  'mcpServerStatus/list': weft('mcpServerStatus/list', CLIENT_REQUESTS['mcpServerStatus/list'].params),
  'mcpServer/tool/call': weft('mcpServer/tool/call', CLIENT_REQUESTS['mcpServer/tool/call'].params),
  'mcpServer/resource/read': weft('mcpServer/resource/read', CLIENT_REQUESTS['mcpServer/resource/read'].params),
  'mcpServer/oauth/login': weft('mcpServer/oauth/login', CLIENT_REQUESTS['mcpServer/oauth/login'].params),
  'config/mcpServer/reload': own('config/mcpServer/reload', mcpServerReload),
  'account/read': checked(AccountReadParams, accountRead),
  'account/login/start': checked(LoginStartParams, accountLoginStart),
  'account/login/cancel': checked(LoginCancelParams, accountLoginCancel),
  'account/logout': checked(z.null().or(z.object({})).optional(), (ctx) => accountLogout(ctx)),
  'thread/unsubscribe': own('thread/unsubscribe', threadUnsubscribe),
  'skills/list': own('skills/list', skillsList),
};

/** Features weft does not have, by method prefix: what the error names. */
const MISSING_FEATURES: ReadonlyArray<[string, string]> = [
  ['account', 'this account feature (weft serves account/read, account/login/start, account/login/cancel and account/logout)'],
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
