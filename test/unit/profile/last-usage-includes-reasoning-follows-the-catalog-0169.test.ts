// A 0.169 token count says its last usage counts the reasoning (`last_usage_includes_reasoning`)
// when the model that answered has `use_responses_lite` in the catalog, as Codex 0.169 does (probed
// against the binary with a model_catalog_json toggling that one field: gpt-5.5 and gpt-5.6-sol follow
// it, whatever their names). The catalog's field decides, not the model's name.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import type { ModelCatalog } from '../../../protocol/model-catalog.js';
import { CODEX_0169_PACK_DIR } from '../../support/codex-0169.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

/** The flags of a one-turn thread's token counts, with `model`'s catalog entry given `lite`. */
async function flags(model: string, lite: boolean): Promise<unknown[]> {
  const pack = await tempDir('weft-pack-');
  await cp(CODEX_0169_PACK_DIR, pack, { recursive: true });
  const catalog = JSON.parse(await readFile(join(pack, 'models.json'), 'utf8')) as ModelCatalog;
  for (const m of catalog.models) if (m.slug === model) m.use_responses_lite = lite;
  await writeFile(join(pack, 'models.json'), JSON.stringify(catalog));
  harness = await threadHarness(() => textReply('hi'), `compat = "codex-0.169"\npack = ${JSON.stringify(pack)}\nmodel = "${model}"\n`);
  const weft = await harness.open();
  const thread = await weft.startThread();
  expect((await thread.run('go')).status).toBe('completed');
  const lines = (await readFile(thread.rolloutPath, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { type: string; payload: { type?: string; info?: { last_usage_includes_reasoning?: unknown } | null } });
  await thread.close();
  return lines.filter((l) => l.type === 'event_msg' && l.payload.type === 'token_count' && l.payload.info != null).map((l) => l.payload.info?.last_usage_includes_reasoning);
}

describe('last_usage_includes_reasoning follows the catalog’s use_responses_lite', () => {
  it('gpt-5.5 as the 0.169 catalog has it (not lite): false; the same entry marked lite: true', async () => {
    expect(await flags('gpt-5.5', false)).toEqual([false]);
    await harness?.close();
    harness = undefined;
    expect(await flags('gpt-5.5', true)).toEqual([true]);
  }, 60_000);

  it('gpt-5.6-sol (lite in the catalog): true; its entry unmarked: false', async () => {
    expect(await flags('gpt-5.6-sol', true)).toEqual([true]);
    await harness?.close();
    harness = undefined;
    expect(await flags('gpt-5.6-sol', false)).toEqual([false]);
  }, 60_000);
});
