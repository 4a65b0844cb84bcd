// The shape of a method handler: params already validated (in weft's form); the result, in the
// shape of the generation spoken, is sent as the answer, then
// `after` runs (for notifications that must follow the answer, such as thread/started).
import type { ClientRequestMethod, ParamsOf } from '../../../protocol/app-server/methods.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler-result.js';

export type { HandlerResult };

export type Handler<M extends ClientRequestMethod> = (
  ctx: ServerContext,
  params: ParamsOf<M>,
  /** The params as the generation spoken parsed them (fields the 0.98 shapes lack: `excludeTurns`…). */
  wire?: Readonly<Record<string, unknown>>,
) => HandlerResult | Promise<HandlerResult>;
