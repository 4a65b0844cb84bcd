// respondByAgent: each agent of a team follows its own script, whatever order the requests of the
// agents arrive in; the agent comes from the turn metadata header, a request without one is the root's.
import { expect, it } from 'vitest';
import { agentOf, respondByAgent, textReply, type CapturedRequest, type SseReply } from '../../../src/testing/index.js';

const req = (headers: Record<string, string>): CapturedRequest => ({ method: 'POST', path: '/v1/responses', headers, body: {}, rawBody: '{}' });
const from = (agent: string, thread: string) => req({ 'thread-id': thread, 'x-codex-turn-metadata': JSON.stringify({ agent_name: agent, thread_id: thread }) });
const textOf = (reply: unknown): string => JSON.stringify((reply as SseReply).sse);

it('each agent gets its own replies in order, interleaved as the requests come', async () => {
  const respond = respondByAgent({ '/root': [textReply('root 1'), textReply('root 2')], '/root/alpha': [textReply('alpha 1')] }, (_r, who) => textReply(`no more for ${who.agent}`));
  expect(textOf(await respond(from('/root', 'T0')))).toContain('root 1');
  expect(textOf(await respond(from('/root/alpha', 'T1')))).toContain('alpha 1');
  expect(textOf(await respond(from('/root', 'T0')))).toContain('root 2');
  expect(textOf(await respond(from('/root/alpha', 'T1')))).toContain('no more for /root/alpha');
  expect(textOf(await respond(from('/root/beta', 'T2')))).toContain('no more for /root/beta');
});

it('the agent and thread of a request: from the turn metadata, else the root with the thread header', () => {
  expect(agentOf(from('/root/alpha', 'T1'))).toEqual({ agent: '/root/alpha', threadId: 'T1' });
  expect(agentOf(req({ 'thread-id': 'T9' }))).toEqual({ agent: '/root', threadId: 'T9' });
  expect(agentOf(req({ 'x-codex-turn-metadata': 'not json' }))).toEqual({ agent: '/root', threadId: undefined });
});
