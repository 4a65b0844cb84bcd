// The viewer's request rebuilding against Codex's own recordings: replaying each recorded rollout
// gives, request for request, the bodies the recorded Codex sent (0.98 and 0.169), under the
// recording's pack. Compared without what a normalized recording cannot give: `client_metadata`
// (its ids are placeholders here) and the base-instructions message id (derived from the real thread
// id). Forks are left out: with normalized timestamps their own lines cannot be told from their
// parent's. Scenarios that an open issue will make pass are left out too (known-pending.ts), and so
// are scenarios with MCP servers: the tools a live server listed are in no rollout.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CompatProfileName } from '../../../protocol/config.js';
import type { ModelCatalog } from '../../../protocol/model-catalog.js';
import type { ToolSpec } from '../../../protocol/responses-request.js';
import { contextPrefixes, isRealUserMessage } from '../../../src/history/context-messages.js';
import { loadPack } from '../../../src/pack/load-pack.js';
import { fallbackModel } from '../../../src/config/fallback-model.js';
import { getProfile } from '../../../src/profile/profiles.js';
import { readRollout } from '../../../src/rollout/format/reader.js';
import { renderRequestBody, settingsOf, type RenderKit } from '../../../src/view/request-body.js';
import { replayRollout } from '../../../src/view/rollout-replay.js';
import { knownPendingIssue } from '../../conformance/known-pending.js';

const ROOT = fileURLToPath(new URL('../../../../shared/conformance/', import.meta.url));
type Body = Record<string, unknown> & { input?: Array<Record<string, unknown>>; prompt_cache_key?: string };

function comparable(body: Body): Body {
  const { client_metadata: _metadata, ...rest } = body;
  // Wall times are normalized in the recordings (`{{WALL_TIME}}`, see the fixtures' README).
  const wall = (item: Record<string, unknown>) =>
    typeof item.output === 'string' ? { ...item, output: item.output.replace(/^Wall time: [0-9.]+ seconds$/m, 'Wall time: {{WALL_TIME}} seconds') } : item;
  const input = (rest.input ?? []).map((item, i) => (i === 0 && item.role === 'developer' && typeof item.id === 'string' ? { ...item, id: 'base-instructions' } : wall(item)));
  return { ...rest, input };
}

describe.each(['codex-0.98', 'codex-0.169'] as CompatProfileName[])('%s recordings', (generation) => {
  it('rebuild to the bodies Codex sent', async () => {
    const profile = getProfile(generation);
    const packDir = `${ROOT}${generation}/pack`;
    const pack = profile.loadPack ? await profile.loadPack(packDir) : await loadPack(packDir, profile.packLayout);
    const kit: RenderKit = {
      pack,
      catalog: pack.json<ModelCatalog>('models.json').models,
      fallbackModel: fallbackModel(profile.fallbackModel, 'FALLBACK'),
      packTools: profile.packTools ? profile.packTools(pack) : pack.json<ToolSpec[]>('tools.json'),
      modelFacts: (m) => m,
      compactPrompt: undefined,
      installationId: undefined,
      providerId: 'mock',
      instructionsOverride: undefined,
    };
    const prefixes = contextPrefixes(pack);
    let compared = 0;
    let compactions = 0;
    for (const scenario of readdirSync(`${ROOT}${generation}/scenarios`)) {
      if (knownPendingIssue(generation, scenario) !== undefined) continue;
      const dir = `${ROOT}${generation}/scenarios/${scenario}`;
      if ((JSON.parse(readFileSync(`${dir}/scenario.json`, 'utf8')) as { config_toml: string }).config_toml.includes('[mcp_servers.')) continue;
      const sent = readdirSync(`${dir}/requests`)
        .map((f) => JSON.parse(readFileSync(`${dir}/requests/${f}`, 'utf8')) as { path: string; body: Body })
        .filter((r) => r.path.endsWith('/responses'))
        .map((r) => r.body);
      for (const file of readdirSync(`${dir}/rollouts`)) {
        const records = await readRollout(`${dir}/rollouts/${file}`);
        const replay = replayRollout(records, file, {
          isRealUser: (item) => isRealUserMessage(item, prefixes),
          initialContext: (tc, meta) => profile.buildInitialContext(pack, settingsOf(kit, tc, meta), ''),
        });
        if (typeof replay.meta.forked_from_id === 'string') continue;
        const mine = sent.filter((b) => b.prompt_cache_key === replay.meta.id);
        expect(replay.requests.length, `${scenario}/${file}`).toBe(mine.length);
        replay.requests.forEach((request, i) => {
          const body = JSON.parse(JSON.stringify(renderRequestBody(kit, replay, request))) as Body;
          expect(comparable(body), `${scenario}/${file} request ${i}`).toEqual(comparable(mine[i] as Body));
          compared += 1;
          if (request.kind === 'compaction') compactions += 1;
        });
      }
    }
    expect(compared).toBeGreaterThan(15);
    expect(compactions).toBeGreaterThan(0);
  });
});
