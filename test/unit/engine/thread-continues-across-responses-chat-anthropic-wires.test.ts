import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUsage, startMockResponsesServer, textReply, type MockServer, type SseReply } from '../../../scripts/mock-responses-server.js';
import { Weft } from '../../../src/engine/weft.js';
import { PanelRegistry } from '../../../src/assembly/panels/panel-registry.js';
import type { ShapeReport } from '../../../src/prompt/prompt-shaper.js';
import {
  anthropicTextReply,
  anthropicToolUseReply,
  chatTextReply,
  chatToolCallReply,
  startMockWireServer,
  type MockWireServer,
} from '../../support/mock-wire-servers.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { anthropicRequestProblems, chatRequestProblems, responsesRequestProblems } from '../../support/wire-validity.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
  await removeTempDirs();
});

/** Reasoning with encrypted content, then a call: what a Responses model sends and Chat/Anthropic cannot take. */
function reasoningThenCall(): SseReply {
  const reasoning = { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'plan the lookup' }], encrypted_content: 'gAAAAencrypted' };
  const call = { type: 'function_call', id: 'fc_1', status: 'completed', name: 'lookup', arguments: '{"q":"responses"}', call_id: 'call_r1' };
  return {
    status: 200,
    sse: [
      { type: 'response.created', response: { id: 'resp_1' } },
      { type: 'response.output_item.done', output_index: 0, item: reasoning },
      { type: 'response.output_item.done', output_index: 1, item: call },
      { type: 'response.completed', response: { id: 'resp_1', usage: makeUsage(500, 20) } },
    ],
  };
}

async function setup(): Promise<{ responses: MockServer; chat: MockWireServer; anthropic: MockWireServer; home: string; cwd: string }> {
  const responses = await startMockResponsesServer({ replies: [reasoningThenCall(), textReply('done on responses')] });
  const chat = await startMockWireServer((_r, i) => [chatToolCallReply('lookup', { q: 'chat' }, 'call_c1'), chatTextReply('done on chat')][i] ?? chatTextReply('extra'));
  const anthropic = await startMockWireServer(
    (_r, i) => [anthropicToolUseReply('lookup', { q: 'anthropic' }, 'toolu_a1'), anthropicTextReply('done on anthropic')][i] ?? anthropicTextReply('extra'),
  );
  closers.push(() => responses.close(), () => chat.close(), () => anthropic.close());
  const home = await tempDir('weft-home-');
  const cwd = await tempDir('weft-cwd-');
  await writeFile(
    `${home}/config.toml`,
    [
      'model = "gpt-5.5"',
      'model_provider = "resp"',
      'approval_policy = "never"',
      '[model_providers.resp]',
      `base_url = "${responses.url}"`,
      'wire_api = "responses"',
      '[model_providers.compat]',
      `base_url = "${chat.url}"`,
      'wire_api = "chat"',
      '[model_providers.claude]',
      `base_url = "${anthropic.url}"`,
      'wire_api = "anthropic"',
      '',
    ].join('\n'),
  );
  return { responses, chat, anthropic, home, cwd };
}

describe('one thread, three wires', () => {
  it('starts on Responses, continues on Chat then Anthropic, each request valid for its API', async () => {
    const { responses, chat, anthropic, home, cwd } = await setup();
    const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, SHELL: '/bin/bash' };
    const panels = new PanelRegistry();
    panels.register({ id: 'todo', header: 'Todo', content: '- switch providers' });
    const reports: ShapeReport[] = [];
    const open = async (provider: string) =>
      (
        await Weft.open({
          env,
          cwd,
          configOverrides: [`model_provider="${provider}"`],
          promptShaping: { panels, strategy: 'tiers', onReport: (r) => reports.push(r) },
        })
      ).registerTool('lookup', async (call) => ({ output: `found ${call.arguments}` }));

    const first = await open('resp');
    const thread = await first.startThread();
    expect(await thread.run('look it up')).toMatchObject({ status: 'completed', lastMessage: 'done on responses' });
    await thread.close();

    const second = await (await open('compat')).resumeThread(thread.id);
    expect(await second.run('again, on chat')).toMatchObject({ status: 'completed', lastMessage: 'done on chat' });
    await second.close();

    const third = await (await open('claude')).resumeThread(thread.id);
    expect(await third.run('and on anthropic')).toMatchObject({ status: 'completed', lastMessage: 'done on anthropic' });
    await third.close();

    expect(responses.requests).toHaveLength(2);
    expect(chat.requests).toHaveLength(2);
    expect(anthropic.requests).toHaveLength(2);
    for (const r of responses.requests) expect(responsesRequestProblems(r.body)).toEqual([]);
    for (const r of chat.requests) expect(chatRequestProblems(r.body)).toEqual([]);
    for (const r of anthropic.requests) expect(anthropicRequestProblems(r.body)).toEqual([]);
    expect(chat.requests.every((r) => r.path === '/v1/chat/completions')).toBe(true);
    expect(anthropic.requests.every((r) => r.path === '/v1/messages')).toBe(true);

    // The history travels: the Responses turn's call and result reach Chat and Anthropic; its
    // encrypted reasoning does not.
    const lastChat = chat.requests[1]?.rawBody ?? '';
    expect(lastChat).toContain('"tool_call_id":"call_r1"');
    expect(lastChat).toContain('"tool_call_id":"call_c1"');
    expect(lastChat).not.toContain('gAAAAencrypted');
    const lastAnthropic = anthropic.requests[1]?.rawBody ?? '';
    for (const id of ['call_r1', 'call_c1', 'toolu_a1']) expect(lastAnthropic).toContain(`"tool_use_id":"${id}"`);
    expect(lastAnthropic).not.toContain('gAAAAencrypted');
    expect(lastAnthropic).toContain('found {\\"q\\":\\"anthropic\\"}');
    // Panels went out on every wire; the Anthropic requests repeat the instructions after them.
    for (const raw of [responses.requests[0]?.rawBody, chat.requests[0]?.rawBody, anthropic.requests[0]?.rawBody]) expect(raw).toContain('panel_todo');
    expect(reports.map((r) => r.wire)).toEqual(['responses', 'responses', 'chat', 'chat', 'anthropic', 'anthropic']);
  });

  it('without prompt shaping, a Responses thread sends exactly what the turn loop built (no panel items)', async () => {
    const { responses, home, cwd } = await setup();
    const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, SHELL: '/bin/bash' }, cwd });
    weft.registerTool('lookup', async () => ({ output: 'x' }));
    const thread = await weft.startThread();
    await thread.run('plain');
    await thread.close();
    expect(responses.requests[0]?.rawBody).not.toContain('dynamic_panel');
    expect(responsesRequestProblems(responses.requests[1]?.body)).toEqual([]);
  });
});
