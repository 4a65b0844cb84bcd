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

it('a held answer waits until the request it is held for has arrived, whatever order they come in', async () => {
  const respond = respondByAgent({ '/root': [textReply('root 1'), textReply('root 2')], '/root/alpha': [textReply('alpha 1')] }, () => textReply('more'), [
    { agent: '/root', request: 1, until: { agent: '/root/alpha', request: 0 } },
  ]);
  const order: string[] = [];
  await respond(from('/root', 'T0')).then(() => order.push('root 1'));
  const second = respond(from('/root', 'T0')).then(() => order.push('root 2'));
  // The held answer is not out before alpha's request arrives: alpha's answer goes out first.
  await respond(from('/root/alpha', 'T1')).then(() => order.push('alpha 1'));
  await second;
  expect(order).toEqual(['root 1', 'alpha 1', 'root 2']);
  // Held for a request that already came: answered at once.
  const late = respondByAgent({ '/root': [textReply('r')] }, () => textReply('more'), [{ agent: '/root', request: 0, until: { agent: '/root/alpha', request: 0 } }]);
  await late(from('/root/alpha', 'T1'));
  expect(textOf(await late(from('/root', 'T0')))).toContain('"r"');
});
