// marketplace add, remove and upgrade. A marketplace is added from a local folder holding
// `.agents/plugins/marketplace.json`: the folder is recorded in config.toml under the marketplace's
// name (nothing is copied; its plugins are read from it each time), or from a Git repository, cloned
// as git-marketplace.ts says. Adding it again from the same source changes nothing. An upgrade
// fetches the Git marketplaces (all, or the one named); a local one has nothing to upgrade.
import { realpath, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { cloneMarketplace, gitMarketplaceRoot, gitSourceUrl, upgradeClone } from './git-marketplace.js';
import { loadMarketplace, MARKETPLACE_FILE } from './marketplace-file.js';
import { forgetMarketplace, readPluginTables, recordMarketplace, type PluginConfigTarget } from './plugin-config.js';
import { PluginError } from './plugin-error.js';
import { checkedSegment } from './plugin-id.js';

export interface MarketplaceAdded {
  readonly marketplaceName: string;
  readonly installedRoot: string;
  readonly alreadyAdded: boolean;
}

export interface GitOptions {
  readonly refName?: string | null | undefined;
  /** The environment git runs in (PATH, proxies, credentials helpers). */
  readonly env: NodeJS.ProcessEnv;
}

async function addGitMarketplace(target: PluginConfigTarget, url: string, git: GitOptions): Promise<MarketplaceAdded> {
  const clone = await cloneMarketplace(target.home, url, git.refName, git.env);
  const known = (await readPluginTables(target.home)).marketplaces[clone.name];
  const ref = git.refName ?? undefined;
  if (known !== undefined) {
    await clone.discard();
    if (known.source_type === 'git' && known.source === url && known.ref === ref) return { marketplaceName: clone.name, installedRoot: gitMarketplaceRoot(target.home, clone.name), alreadyAdded: true };
    throw new PluginError(`a marketplace named \`${clone.name}\` is already added from \`${known.source}\`; remove it first`);
  }
  const root = await clone.place();
  await recordMarketplace(target, clone.name, { source_type: 'git', source: url, ...(ref !== undefined ? { ref } : {}) });
  return { marketplaceName: clone.name, installedRoot: root, alreadyAdded: false };
}

export async function addMarketplace(target: PluginConfigTarget, source: string, cwd: string, git: GitOptions): Promise<MarketplaceAdded> {
  const asPath = path.resolve(cwd, source);
  const url = path.isAbsolute(source) || source.startsWith('.') ? undefined : gitSourceUrl(source);
  if (url !== undefined) return addGitMarketplace(target, url, git);
  let root: string;
  try {
    root = await realpath(asPath);
  } catch (err) {
    throw new PluginError(`cannot find the marketplace folder \`${asPath}\` (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const file = path.join(root, MARKETPLACE_FILE);
  const isFile = await stat(file).then((s) => s.isFile(), () => false);
  if (!isFile) throw new PluginError(`\`${root}\` holds no marketplace: expected ${MARKETPLACE_FILE} in it`);
  const name = checkedSegment('marketplace name', (await loadMarketplace(file)).name);
  const tables = await readPluginTables(target.home);
  const known = tables.marketplaces[name];
  if (known !== undefined) {
    if (known.source_type === 'local' && known.source === root) return { marketplaceName: name, installedRoot: root, alreadyAdded: true };
    throw new PluginError(`a marketplace named \`${name}\` is already added from \`${known.source}\`; remove it first`);
  }
  await recordMarketplace(target, name, { source_type: 'local', source: root });
  return { marketplaceName: name, installedRoot: root, alreadyAdded: false };
}

export async function removeMarketplace(target: PluginConfigTarget, name: string): Promise<{ marketplaceName: string; installedRoot: string | null }> {
  const tables = await readPluginTables(target.home);
  if (tables.marketplaces[name] === undefined) throw new PluginError(`no marketplace named \`${name}\` is added`);
  await forgetMarketplace(target, name);
  if (tables.marketplaces[name]?.source_type !== 'git') return { marketplaceName: name, installedRoot: null };
  const root = gitMarketplaceRoot(target.home, name);
  await rm(root, { recursive: true, force: true });
  return { marketplaceName: name, installedRoot: root };
}

export interface MarketplaceUpgrade {
  readonly selectedMarketplaces: string[];
  readonly upgradedRoots: string[];
  readonly errors: Array<{ marketplaceName: string; message: string }>;
}

export async function upgradeMarketplaces(home: string, name: string | null | undefined, env: NodeJS.ProcessEnv): Promise<MarketplaceUpgrade> {
  const tables = await readPluginTables(home);
  const git = Object.entries(tables.marketplaces).filter(([, e]) => e.source_type === 'git');
  if (name !== undefined && name !== null && !git.some(([n]) => n === name)) {
    throw new PluginError(`marketplace \`${name}\` was not added from Git, so there is nothing to upgrade`);
  }
  const selected = git.filter(([n]) => name === undefined || name === null || n === name);
  const out: MarketplaceUpgrade = { selectedMarketplaces: selected.map(([n]) => n), upgradedRoots: [], errors: [] };
  for (const [n, entry] of selected) {
    const root = gitMarketplaceRoot(home, n);
    try {
      if (await upgradeClone(root, entry.source, entry.ref, env)) out.upgradedRoots.push(root);
    } catch (err) {
      out.errors.push({ marketplaceName: n, message: (err as Error).message });
    }
  }
  return out;
}
