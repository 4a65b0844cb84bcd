// The headers Codex 0.98 sends with each model request (captured from the real 0.98.0 binary):
// `originator`, its user agent (no client part from exec), `session_id` (the thread), the web search
// eligibility flag, and `version` toward the built-in provider only.
import type { WireRequest } from '../../../protocol/wire-request.js';
import type { RequestHeaderContext } from '../../client/request-header-context.js';
import { codexUserAgent } from '../../client/user-agent.js';

export function requestHeaders098(request: WireRequest, ctx: RequestHeaderContext, version: string): Record<string, string> {
  const thread = request.wire === 'responses' ? request.body.prompt_cache_key : undefined;
  return {
    ...(ctx.builtinProvider ? { version: version } : {}),
    'x-oai-web-search-eligible': 'true',
    ...(typeof thread === 'string' ? { session_id: thread } : {}),
    originator: ctx.originator,
    'User-Agent': codexUserAgent(ctx.originator, version, ctx.env, ctx.client),
  };
}
