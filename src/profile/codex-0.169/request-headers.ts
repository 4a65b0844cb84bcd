// The headers Codex 0.169 sends with each model request and WebSocket upgrade (captured from the
// real 0.169.0 binary): `originator`; its user agent, which names the client (exec names itself);
// the turn metadata and context window of the body's `client_metadata` again as headers; the thread
// as `session-id`, `thread-id` and `x-client-request-id`; the beta features it runs with; and
// `version` toward the built-in provider only; `x-openai-internal-codex-responses-lite: true` for a
// model whose catalog entry has `use_responses_lite` (the chatgpt-signin recordings, both sign-in
// modes; over the WebSocket it travels in the frame instead, client/responses-websocket.ts).
import type { WireRequest } from '../../../protocol/wire-request.js';
import type { RequestHeaderContext } from '../../client/request-header-context.js';
import { codexUserAgent } from '../../client/user-agent.js';

export function requestHeaders0169(request: WireRequest, ctx: RequestHeaderContext, version: string): Record<string, string> {
  const metadata = request.wire === 'responses' ? (request.body.client_metadata ?? {}) : {};
  const text = (key: string): string | undefined => {
    const value = (metadata as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : undefined;
  };
  const thread = text('thread_id') ?? (request.wire === 'responses' ? request.body.prompt_cache_key : undefined);
  // The session is the team's root thread for a sub-agent (client_metadata's session_id).
  const turnMetadata = text('x-codex-turn-metadata');
  const window = text('x-codex-window-id');
  const parent = text('x-codex-parent-thread-id');
  const subagent = text('x-openai-subagent');
  return {
    ...(ctx.builtinProvider ? { version: version } : {}),
    ...(ctx.remoteCompaction ? { 'x-codex-beta-features': 'remote_compaction_v2' } : {}),
    ...(window !== undefined ? { 'x-codex-window-id': window } : {}),
    ...(turnMetadata !== undefined ? { 'x-codex-turn-metadata': turnMetadata } : {}),
    // A spawned agent's requests name its parent thread and say they come from a sub-agent.
    ...(parent !== undefined ? { 'x-codex-parent-thread-id': parent } : {}),
    ...(subagent !== undefined ? { 'x-openai-subagent': subagent } : {}),
    ...(request.wire === 'responses' && ctx.responsesLite?.(request.body.model) === true ? { 'x-openai-internal-codex-responses-lite': 'true' } : {}),
    ...(ctx.signedInWithChatGpt && request.wire === 'responses' ? { 'x-codex-routing-hint': `model=${request.body.model}` } : {}),
    ...(thread !== undefined ? { 'x-client-request-id': thread, 'session-id': text('session_id') ?? thread, 'thread-id': thread } : {}),
    originator: ctx.originator,
    'User-Agent': codexUserAgent(ctx.originator, version, ctx.env, ctx.client ?? { name: ctx.originator, version: version }),
  };
}
