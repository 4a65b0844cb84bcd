// Which 0.171 request runs what: 0.169's routes, `thread/list` with 0.171's params, and the method
// 0.171 added; a name 0.171 does not declare is refused with 0.171's list of methods.
import type { z } from 'zod';
import { CLIENT_REQUEST_METHODS_0171 } from '../../../../protocol/app-server/v0171/method-names.js';
import { ModelProviderDefaultSetParams0171, ThreadListParams0171 } from '../../../../protocol/app-server/v0171/params.js';
import { modelProviderDefaultSet } from '../../handlers/model-provider-default-set.js';
import { threadList } from '../../handlers/thread-queries.js';
import type { ServerContext } from '../../server-context.js';
import type { HandlerResult } from '../../handlers/handler.js';
import { ROUTES_0169, routerOf, type Route } from '../v0169/requests.js';

function own<S extends z.ZodType>(params: S, run: (ctx: ServerContext, params: z.infer<S>) => HandlerResult | Promise<HandlerResult>): Route {
  return { params, run: (ctx, parsed) => run(ctx, parsed as z.infer<S>) };
}

const ROUTES_0171: Readonly<Record<string, Route>> = {
  ...ROUTES_0169,
  'thread/list': own(ThreadListParams0171, threadList),
  'modelProvider/default/set': own(ModelProviderDefaultSetParams0171, modelProviderDefaultSet),
};

export const route0171 = routerOf(ROUTES_0171, CLIENT_REQUEST_METHODS_0171);
