// What one thread runs with (ThreadDeps): its provider as the home's sign-in has it send, its render
// and stream ports (a WebSocket of its own where the generation and provider use one), the tools'
// context, compaction, goals and MCP servers. Built per thread by the engine.
import { isDefaultOpenAiProvider, preparedProvider, type ProviderSettings } from '../client/provider.js';
import type { LongStringCache } from '../bytes/long-string-cache.js';
import type { ThreadDeps } from '../thread/thread.js';
import type { WebSocketRefusals } from '../client/websocket-refusals.js';
import { samplePorts } from './sample-ports.js';
import { postCompact } from '../client/compact-request.js';
import { codexCompactor } from '../compaction/compact-history.js';
import { threadToolContext } from './thread-tool-context.js';
import { enabledServers } from '../mcp/enabled-servers.js';
import { mcpSession } from '../mcp/mcp-session.js';
import { mcpOAuthContext } from '../mcp/oauth/oauth-settings.js';
import type { RequestHeaderContext } from '../client/request-header-context.js';
import { ResponsesWebSocketTransport } from '../client/responses-websocket.js';

import type { GoalStore } from '../tools/goals/goal-store.js';
import type { Runtime } from './runtime.js';
import type { WeftOptions } from './weft-options.js';

export interface ThreadDepsParts {
  readonly provider: ProviderSettings;
  readonly webSocketRefusals: WebSocketRefusals;
  readonly onModelsEtag: (etag: string) => Promise<void>;
  readonly goals: GoalStore;
  readonly longStrings: LongStringCache;
}

export function threadDeps(rt: Runtime, options: WeftOptions, parts: ThreadDepsParts): ThreadDeps {
  const { provider, longStrings } = parts;
  // One connection per thread, as Codex keeps one per session.
  const webSocket =
    rt.profile.responsesWebSocket && isDefaultOpenAiProvider(provider) && provider.wireApi === 'responses'
      ? new ResponsesWebSocketTransport(parts.webSocketRefusals)
      : undefined;
  const headerContext: RequestHeaderContext = {
    originator: options.originator ?? 'weft',
    client: options.client,
    builtinProvider: isDefaultOpenAiProvider(provider),
    remoteCompaction: rt.config.features?.remote_compaction !== false,
    env: rt.env,
    signedInWithChatGpt: provider.auth !== undefined,
    responsesLite: (model) => rt.catalog.find((m) => m.slug === model)?.use_responses_lite === true,
  };
  return {
    profile: rt.profile,
    pack: rt.pack,
    packTools: rt.packTools,
    provider,
    ...samplePorts(rt.env, rt.pack.dirs, options.promptShaping, { chat: { contextUpdate: rt.contextUpdate }, anthropic: { contextUpdate: rt.contextUpdate } }, {
      webSocket,
      onModelsEtag: parts.onModelsEtag,
      headersFor: (request) => rt.profile.requestHeaders(request, headerContext),
      longStrings,
    }),
    closeStream: webSocket ? () => webSocket.close() : undefined,
    compactor: codexCompactor,
    toolContext: (settings, _signal, emit) => threadToolContext(rt, options.approver, settings, emit, options.askUser, options.workspace?.()),
    compactPrompt: rt.config.compact_prompt,
    remoteCompact:
      isDefaultOpenAiProvider(provider) && rt.config.features?.remote_compaction !== false
        ? async (o) => postCompact({ ...o, provider: await preparedProvider(o.provider), env: rt.env })
        : undefined,
    autoCompactTokenLimit: rt.config.model_auto_compact_token_limit,
    goals: parts.goals,
    goalContinuation: (objective) => rt.toolTexts.goals.continuation(objective),
    mcp: enabledServers(rt.config.mcp_servers).length > 0 ? mcpSession(rt.config.mcp_servers ?? {}, rt.env, mcpOAuthContext(rt.home, rt.config)) : undefined,
  };
}
