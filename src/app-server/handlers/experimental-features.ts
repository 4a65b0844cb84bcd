// experimentalFeature/list and experimentalFeature/enablement/set (0.169): the `[features]`
// switches weft acts on (config/features.ts), enabled as the configuration in effect says, paged
// as Codex pages; setting them writes `features.NAME` into config.toml (config-edit, comments
// kept) and reloads it for threads opened next. A name weft does not act on is left alone, as Codex
// leaves a feature it cannot switch at run time; the answer names the switches it changed.
import type { z } from 'zod';
import type { ExperimentalFeatureEnablementSetParams0169, ExperimentalFeatureListParams0169 } from '../../../protocol/app-server/v0169/more-params.js';
import { writeUserConfig } from '../../config/config-edit.js';
import { overrideLines } from '../../config/config-overrides.js';
import { FEATURE_SWITCHES, featureEnabled } from '../../config/features.js';
import { pageOf } from '../list-page.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export function experimentalFeatureList(ctx: ServerContext, params: z.infer<typeof ExperimentalFeatureListParams0169>): HandlerResult {
  const config = ctx.base.runtime.config;
  const all = FEATURE_SWITCHES.map((f) => ({ name: f.name, stage: f.stage, displayName: null, description: null, announcement: null, enabled: featureEnabled(config, f), defaultEnabled: f.defaultEnabled }));
  return { result: pageOf(all, params.cursor, params.limit) };
}

export async function experimentalFeatureEnablementSet(ctx: ServerContext, params: z.infer<typeof ExperimentalFeatureEnablementSetParams0169>): Promise<HandlerResult> {
  const known = new Set(FEATURE_SWITCHES.map((f) => f.name));
  const changes = Object.entries(params.enablement).filter(([name]) => known.has(name));
  if (changes.length === 0) return { result: { enablement: {} } };
  await writeUserConfig({
    home: ctx.base.home,
    edits: changes.map(([name, value]) => ({ keyPath: `features.${name}`, value, mergeStrategy: 'replace' as const })),
    overrides: overrideLines(ctx.options.runtime?.configOverrides),
  });
  await ctx.reloadConfig();
  return { result: { enablement: Object.fromEntries(changes) } };
}
