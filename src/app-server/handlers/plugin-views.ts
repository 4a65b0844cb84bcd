// Plugins in the shapes of Codex 0.169's app-server (PluginSummary, PluginInterface, PluginDetail's
// skills, PluginMarketplaceEntry), with every field in Codex's order; what weft's local plugins do
// not have (remote ids, share contexts, install times) is null, as Codex answers it for a local one.
import path from 'node:path';
import type { PluginManifestInterface } from '../../../protocol/plugins.js';
import type { Skill } from '../../context/skills.js';
import type { PluginState } from '../../plugins/plugin-catalog.js';
import type { Marketplace } from '../../plugins/marketplace-file.js';

/** A path of the manifest (`./…`) inside the plugin folder, absolute; null when it is not one. */
function assetPath(dir: string | undefined, p: string | null | undefined): string | null {
  if (dir === undefined || typeof p !== 'string' || !p.startsWith('./')) return null;
  const parts = p.slice(2).split('/').filter((s) => s !== '');
  return parts.length === 0 || parts.some((s) => s === '..' || s === '.') ? null : path.join(dir, ...parts);
}

function interfaceOf(s: PluginState): Record<string, unknown> | null {
  const i: PluginManifestInterface | undefined = s.manifest?.interface ?? undefined;
  const category = s.plugin.category ?? i?.category ?? null;
  if (i === undefined && category === null) return null;
  const prompts = i?.defaultPrompt;
  return {
    displayName: i?.displayName ?? null,
    shortDescription: i?.shortDescription ?? null,
    longDescription: i?.longDescription ?? null,
    developerName: i?.developerName ?? null,
    category,
    capabilities: i?.capabilities ?? [],
    websiteUrl: i?.websiteURL ?? null,
    privacyPolicyUrl: i?.privacyPolicyURL ?? null,
    termsOfServiceUrl: i?.termsOfServiceURL ?? null,
    defaultPrompt: prompts === undefined || prompts === null ? null : (typeof prompts === 'string' ? [prompts] : prompts).slice(0, 3),
    brandColor: i?.brandColor ?? null,
    composerIcon: assetPath(s.dir, i?.composerIcon),
    composerIconUrl: null,
    logo: assetPath(s.dir, i?.logo),
    logoDark: assetPath(s.dir, i?.logoDark),
    logoUrl: null,
    logoUrlDark: null,
    screenshots: (i?.screenshots ?? []).map((p) => assetPath(s.dir, p)).filter((p): p is string => p !== null),
    screenshotUrls: [],
  };
}

export function pluginSummary(s: PluginState): Record<string, unknown> {
  return {
    id: s.id,
    remotePluginId: null,
    version: null,
    localVersion: s.manifest?.version ?? null,
    name: s.plugin.name,
    shareContext: null,
    source: { type: 'local', path: s.plugin.sourcePath },
    installed: s.installed,
    installedAt: null,
    enabled: s.enabled,
    installPolicy: s.plugin.installPolicy,
    installPolicySource: null,
    mustShowInstallationInterstitial: null,
    authPolicy: s.plugin.authPolicy,
    availability: 'AVAILABLE',
    disabledReason: null,
    eligiblePlanTypes: null,
    interface: interfaceOf(s),
    keywords: s.manifest?.keywords ?? [],
  };
}

export function marketplaceEntry(m: Marketplace, plugins: readonly PluginState[]): Record<string, unknown> {
  return { name: m.name, path: m.path, interface: m.displayName === null ? null : { displayName: m.displayName }, plugins: plugins.map(pluginSummary) };
}

export function skillSummary(skill: Skill): Record<string, unknown> {
  return { name: skill.name, description: skill.description, shortDescription: null, interface: null, path: skill.path, enabled: true };
}

export function pluginDetail(s: PluginState, skills: readonly Skill[]): Record<string, unknown> {
  return {
    marketplaceName: s.marketplace.name,
    marketplacePath: s.marketplace.path,
    summary: pluginSummary(s),
    shareUrl: null,
    description: s.manifest?.description ?? null,
    skills: skills.map(skillSummary),
    onboardingSkill: null,
    hooks: [],
    apps: [],
    appTemplates: [],
    mcpServers: [],
    scheduledTasks: null,
  };
}
