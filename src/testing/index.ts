// `weft/testing`: test an agent built on weft offline. A mock Responses server on 127.0.0.1 answers
// with scripted replies (text, function calls, errors, cut streams), records every request, and
// `mockProvider(url)` gives the config overrides that point a Weft at it. `respondByAgent` scripts a
// team of agents, each agent its own replies.
export {
  startMockResponsesServer,
  textReply,
  emptyReply,
  functionCallReply,
  collaborationCallReply,
  customToolCallReply,
  execScriptReply,
  echoResponder,
  lastUserText,
  makeUsage,
  sseBlock,
  type MockServer,
  type MockServerOptions,
  type MockReply,
  type SseReply,
  type JsonReply,
  type CapturedRequest,
  type ReplyOptions,
  type ResponseUsage,
} from './mock-responses-server.js';
export { agentOf, respondByAgent, type AgentRequest, type AgentScript, type ReplyHold, type RequestAgent } from './respond-by-agent.js';

/** `configOverrides` for `Weft.open` that make the mock at `url` the model provider (no key needed). */
export function mockProvider(url: string, id = 'mock'): string[] {
  return [`model_provider = ${JSON.stringify(id)}`, `model_providers.${id}.base_url = ${JSON.stringify(url)}`];
}
