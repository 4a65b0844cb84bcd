// Params of Codex 0.169's plugin/*, marketplace/* and app/* methods (`v2/*Params` of its schema),
// every property accepted.
import { z } from 'zod';

const u32 = z.number().int().nonnegative().max(0xffffffff);
const ShareTarget = z.looseObject({});

export const MarketplaceAddParams0169 = z.object({ source: z.string(), refName: z.string().nullish(), sparsePaths: z.array(z.string()).nullish() });
export const MarketplaceRemoveParams0169 = z.object({ marketplaceName: z.string() });
export const MarketplaceUpgradeParams0169 = z.object({ marketplaceName: z.string().nullish() });
export const PluginListParams0169 = z.object({
  cwds: z.array(z.string()).nullish(),
  forceRefetch: z.boolean().optional(),
  marketplaceKinds: z.array(z.enum(['local', 'vertical', 'workspace-directory', 'shared-with-me', 'created-by-me-remote'])).nullish(),
});
export const PluginInstalledParams0169 = z.object({ cwds: z.array(z.string()).nullish(), installSuggestionPluginNames: z.array(z.string()).nullish() });
export const PluginReconcileParams0169 = z.object({ reason: z.string().nullish() });
export const PluginReadParams0169 = z.object({ pluginName: z.string(), marketplacePath: z.string().nullish(), remoteMarketplaceName: z.string().nullish() });
export const PluginSkillReadParams0169 = z.object({ remoteMarketplaceName: z.string(), remotePluginId: z.string(), skillName: z.string() });
export const PluginInstallParams0169 = PluginReadParams0169.extend({ installAttemptId: z.string().nullish() });
export const PluginUninstallParams0169 = z.object({ pluginId: z.string() });
export const PluginShareSaveParams0169 = z.object({
  pluginPath: z.string(),
  discoverability: z.string().nullish(),
  remotePluginId: z.string().nullish(),
  shareTargets: z.array(ShareTarget).nullish(),
});
export const PluginShareUpdateTargetsParams0169 = z.object({ remotePluginId: z.string(), discoverability: z.string(), shareTargets: z.array(ShareTarget) });
export const PluginShareListParams0169 = z.object({}).passthrough();
export const PluginShareRemoteIdParams0169 = z.object({ remotePluginId: z.string() });
export const AppsReadParams0169 = z.object({ appIds: z.array(z.string()).max(100), includeTools: z.boolean().optional(), threadId: z.string().nullish() });
export const AppsListParams0169 = z.object({ cursor: z.string().nullish(), forceRefetch: z.boolean().optional(), limit: u32.nullish(), threadId: z.string().nullish() });
export const AppsInstalledParams0169 = z.object({ forceRefresh: z.boolean().optional(), threadId: z.string().nullish() });
