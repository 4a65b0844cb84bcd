// A stream that goes quiet (`stream_idle_timeout_ms` without an event) is given up as broken and
// the request is sent again, instead of the turn waiting forever. The mock holds its first reply
// after one event until the client goes away; the second reply is whole.
import { appendFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';
import { Weft } from '../../../src/engine/weft.js';
import { anthropicTextReply, chatTextReply, startMockWireServer, type MockWireServer, type RawReply } from '../../support/mock-wire-servers.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
let wire: MockWireServer | undefined;
afterEach(async () => {
  await harness?.close();
  await wire?.close();
  harness = undefined;
  wire = undefined;
  await removeTempDirs();
});

describe('a stream that goes quiet', () => {
  it('is retried after stream_idle_timeout_ms, and the turn completes on the next attempt', async () => {
    const never = new Promise<void>(() => undefined);
    harness = await threadHarness((_req, i) => (i === 0 ? { ...textReply('lost'), pause: { after: 1, until: never } } : textReply('second try')));
    // The harness's config.toml ends with the provider's table: this line belongs to it.
    await appendFile(`${harness.home}/config.toml`, 'stream_idle_timeout_ms = 100\n');
    const thread = await (await harness.open()).startThread();
    const events: ThreadEvent[] = [];
    const outcome = await thread.run('hi', { onEvent: (e) => events.push(e) });
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'second try' });
    expect(harness.mock.requests).toHaveLength(2);
    const retry = events.find((e): e is Extract<ThreadEvent, { type: 'retrying' }> => e.type === 'retrying');
    expect(retry?.reason).toMatch(/no data for 100 ms \(stream_idle_timeout_ms\)/);
  });
});

describe.each([
  ['chat', chatTextReply],
  ['anthropic', anthropicTextReply],
] as const)('on the %s wire, a stream that goes quiet', (wireApi, reply: (text: string) => RawReply) => {
  it('is retried after stream_idle_timeout_ms too', async () => {
    // The first reply's opening bytes, then nothing: the response stays open.
    wire = await startMockWireServer((_r, i) => (i === 0 ? { ...reply('lost'), body: reply('lost').body.slice(0, 40), hold: true } : reply('second try')));
    const home = await tempDir('weft-home-');
    await writeFile(
      `${home}/config.toml`,
      `model = "local-model"\nmodel_provider = "p"\n[model_providers.p]\nbase_url = "${wire.url}"\nwire_api = "${wireApi}"\nstream_idle_timeout_ms = 100\n`,
    );
    const thread = await (await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home })).startThread();
    const events: ThreadEvent[] = [];
    const outcome = await thread.run('hi', { onEvent: (e) => events.push(e) });
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'second try' });
    expect(wire.requests).toHaveLength(2);
    expect(events.some((e) => e.type === 'retrying' && /no data for 100 ms/.test(e.reason))).toBe(true);
  });
});
