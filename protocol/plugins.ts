// Plugin files as Codex 0.169 reads them: a marketplace's `<root>/.agents/plugins/marketplace.json`,
// a plugin's `.codex-plugin/plugin.json`, and the `[marketplaces.*]` / `[plugins.*]` tables of
// config.toml. Unknown fields are kept (looseObject), as Codex ignores them.
import { z } from 'zod';

export const MarketplaceInstallPolicy = z.enum(['NOT_AVAILABLE', 'AVAILABLE', 'INSTALLED_BY_DEFAULT']);
export const MarketplaceAuthPolicy = z.enum(['ON_INSTALL', 'ON_USE']);

export const MarketplacePluginEntry = z.looseObject({
  name: z.string(),
  source: z.looseObject({ source: z.literal('local'), path: z.string() }),
  policy: z
    .looseObject({
      installation: MarketplaceInstallPolicy.default('AVAILABLE'),
      authentication: MarketplaceAuthPolicy.default('ON_INSTALL'),
      products: z.array(z.string()).optional(),
    })
    .default({ installation: 'AVAILABLE', authentication: 'ON_INSTALL' }),
  category: z.string().nullish(),
});
export type MarketplacePluginEntry = z.infer<typeof MarketplacePluginEntry>;

export const MarketplaceManifest = z.looseObject({
  name: z.string(),
  interface: z.looseObject({ displayName: z.string().nullish() }).nullish(),
  plugins: z.array(MarketplacePluginEntry),
});
export type MarketplaceManifest = z.infer<typeof MarketplaceManifest>;

const text = z.string().nullish();

/** `interface` of a plugin.json (camelCase, as Codex's manifest has it). */
export const PluginManifestInterface = z.looseObject({
  displayName: text,
  shortDescription: text,
  longDescription: text,
  developerName: text,
  category: text,
  capabilities: z.array(z.string()).nullish(),
  websiteURL: text,
  privacyPolicyURL: text,
  termsOfServiceURL: text,
  defaultPrompt: z.union([z.string(), z.array(z.string())]).nullish(),
  brandColor: text,
  composerIcon: text,
  logo: text,
  logoDark: text,
  screenshots: z.array(z.string()).nullish(),
});
export type PluginManifestInterface = z.infer<typeof PluginManifestInterface>;

export const PluginManifest = z.looseObject({
  name: z.string().optional(),
  version: z.string().nullish(),
  description: z.string().nullish(),
  keywords: z.array(z.string()).nullish(),
  skills: z.string().nullish(),
  interface: PluginManifestInterface.nullish(),
});
export type PluginManifest = z.infer<typeof PluginManifest>;

/** `[marketplaces.<name>]` of config.toml, as `marketplace/add` writes it. */
export const MarketplaceConfigEntry = z.looseObject({
  source_type: z.enum(['local', 'git']),
  source: z.string(),
  ref: z.string().optional(),
  sparse_paths: z.array(z.string()).optional(),
  last_updated: z.string().optional(),
});
export type MarketplaceConfigEntry = z.infer<typeof MarketplaceConfigEntry>;

/** `[plugins."<name>@<marketplace>"]` of config.toml. */
export const PluginConfigEntry = z.looseObject({ enabled: z.boolean().optional() });
