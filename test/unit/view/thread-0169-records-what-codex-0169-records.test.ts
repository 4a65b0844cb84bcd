// Rollout facts of codex-0.169 threads found by running variants through the real Codex 0.169
// (scripts/differential.ts): a code-mode model's window holds its base instructions, recorded with
// the window behind its tools (and sent once); the reasoning summary a thread asks for goes in its
// thread settings (`thread_settings_applied`), while turn_context's `summary` stays `none`.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import type { RequestWithBody } from '../../../src/view/view-api.js';
import { viewApiFor } from '../../../src/view/view-session.js';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

type Line = { type: string; payload: Record<string, unknown> };

async function turn(config: string): Promise<{ lines: Line[]; input: Record<string, unknown>[]; weft: Weft; threadId: string }> {
  mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  const home = await tempDir('weft-0169-records-');
  await writeFile(path.join(home, 'config.toml'), `model_provider = "mock"\n${config}\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home });
  const thread = await weft.startThread();
  await thread.run('hi');
  await thread.close();
  const lines = (await readFile(thread.rolloutPath, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
  const body = mock.requests[0]?.body as { input: Record<string, unknown>[] };
  return { lines, input: body.input, weft, threadId: thread.id };
}

const kindsOf = (item: Record<string, unknown>): unknown => (item.internal_chat_message_metadata_passthrough as { content_item_kinds?: unknown } | undefined)?.content_item_kinds;

describe('codex-0.169 rollouts', () => {
  it("a code-mode model's window records its base instructions behind its tools, and the request sends them once", async () => {
    const { lines, input } = await turn('model = "gpt-5.6-sol"');
    const items = lines.filter((l) => l.type === 'response_item').map((l) => l.payload);
    expect(items[0]?.type).toBe('additional_tools');
    expect(kindsOf(items[1] as Record<string, unknown>)).toEqual(['model.base_instructions']);
    // Sent once, as recorded: the same item, behind the tools.
    expect(input.filter((i) => i.id === items[1]?.id)).toHaveLength(1);
    expect(input[1]?.id).toBe(items[1]?.id);
  });

  it('other models get their base instructions at send time only', async () => {
    const { lines, input } = await turn('model = "gpt-5.5"');
    const items = lines.filter((l) => l.type === 'response_item').map((l) => l.payload);
    expect(items.some((i) => JSON.stringify(kindsOf(i)) === '["model.base_instructions"]')).toBe(false);
    // The request opens with them, an item no rollout line holds.
    expect(input[0]).toMatchObject({ type: 'message', role: 'developer' });
    expect(items.some((i) => i.id === input[0]?.id)).toBe(false);
  });

  it("the chosen reasoning summary is a thread setting; turn_context's summary stays none", async () => {
    const { lines, input } = await turn('model = "gpt-5.5"\nmodel_reasoning_summary = "concise"');
    const applied = lines.find((l) => l.type === 'event_msg' && l.payload.type === 'thread_settings_applied');
    expect((applied?.payload.thread_settings as Record<string, unknown>).reasoning_summary).toBe('concise');
    expect(lines.find((l) => l.type === 'turn_context')?.payload.summary).toBe('none');
    expect((mock?.requests[0]?.body as { reasoning?: unknown }).reasoning).toMatchObject({ summary: 'concise' });
    expect(input.length).toBeGreaterThan(0);
    const unset = await turn('model = "gpt-5.5"');
    const settings = unset.lines.find((l) => l.type === 'event_msg' && l.payload.type === 'thread_settings_applied')?.payload.thread_settings as Record<string, unknown>;
    expect(settings).not.toHaveProperty('reasoning_summary');
  });

  it('the viewer rebuilds the summary a thread asked for from its thread settings', async () => {
    const { weft, threadId } = await turn('model = "gpt-5.5"\nmodel_reasoning_summary = "detailed"');
    const rebuilt = ((await viewApiFor(weft).requests(threadId)).json as { requests: RequestWithBody[] }).requests;
    expect((rebuilt[0]?.body as { reasoning?: unknown }).reasoning).toEqual((mock?.requests[0]?.body as { reasoning?: unknown }).reasoning);
    expect((rebuilt[0]?.body as { reasoning?: unknown }).reasoning).toMatchObject({ summary: 'detailed' });
  });
});
