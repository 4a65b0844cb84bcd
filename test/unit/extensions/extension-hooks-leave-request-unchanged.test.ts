import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, textReply } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

const harnesses: ThreadHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.close()));
  await removeTempDirs();
});

/** Request bodies of one two-request turn, without the per-thread cache key. */
async function bodies(withExtension: boolean): Promise<string[]> {
  // Seed generation: its bodies carry no per-thread ids or timestamps, so two threads' bodies can be
  // compared byte for byte.
  const harness = await threadHarness((_r, i) => (i === 0 ? functionCallReply('probe', { q: 1 }, 'call_1') : textReply('done')), 'compat = "codex-0.98"');
  harnesses.push(harness);
  let weft = (await harness.open()).registerTool('probe', async () => ({ output: 'probed' }));
  if (withExtension) weft = weft.use({ name: 'observer', onEvent: () => undefined, toolResult: () => undefined, context: () => undefined });
  const thread = await weft.startThread({ cwd: '/tmp' });
  await thread.run('same words');
  return harness.mock.requests.map((r) => {
    const { prompt_cache_key: _key, ...rest } = r.body as Record<string, unknown>;
    return JSON.stringify(rest);
  });
}

describe('extension hooks that change nothing', () => {
  it('send byte-identical request bodies to a thread without extensions', async () => {
    const plain = await bodies(false);
    const hooked = await bodies(true);
    expect(plain).toHaveLength(2);
    expect(hooked).toEqual(plain);
  });
});
