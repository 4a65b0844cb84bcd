// marketplace add, remove and upgrade. A marketplace is added from a local folder holding
// `.agents/plugins/marketplace.json`: the folder is recorded in config.toml under the marketplace's
// name (nothing is copied; its plugins are read from it each time). Adding it again from the same
// folder changes nothing. Git sources are not fetched by weft: every marketplace it adds is local,
// so an upgrade selects none.
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadMarketplace, MARKETPLACE_FILE } from './marketplace-file.js';
import { forgetMarketplace, readPluginTables, recordMarketplace, type PluginConfigTarget } from './plugin-config.js';
import { PluginError } from './plugin-error.js';
import { checkedSegment } from './plugin-id.js';

export interface MarketplaceAdded {
  readonly marketplaceName: string;
  readonly installedRoot: string;
  readonly alreadyAdded: boolean;
}

/** `owner/repo`, a URL or an scp-style `git@host:path`: a Git source. */
function isGitSource(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source) || /^[^/\s]+@[^/\s]+:/.test(source) || /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(source);
}

export async function addMarketplace(target: PluginConfigTarget, source: string, cwd: string): Promise<MarketplaceAdded> {
  const asPath = path.resolve(cwd, source);
  const local = path.isAbsolute(source) || source.startsWith('.') || !isGitSource(source);
  if (!local) throw new PluginError(`weft adds marketplaces from a local folder only; clone \`${source}\` yourself and add the folder`);
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
  return { marketplaceName: name, installedRoot: null };
}

export interface MarketplaceUpgrade {
  readonly selectedMarketplaces: string[];
  readonly upgradedRoots: string[];
  readonly errors: Array<{ marketplaceName: string; message: string }>;
}

export async function upgradeMarketplaces(home: string, name: string | null | undefined): Promise<MarketplaceUpgrade> {
  const tables = await readPluginTables(home);
  const git = Object.entries(tables.marketplaces).filter(([, e]) => e.source_type === 'git');
  if (name !== undefined && name !== null && !git.some(([n]) => n === name)) {
    throw new PluginError(`marketplace \`${name}\` was not added from Git, so there is nothing to upgrade`);
  }
  const selected = git.map(([n]) => n).filter((n) => name === undefined || name === null || n === name);
  return { selectedMarketplaces: selected, upgradedRoots: [], errors: selected.map((n) => ({ marketplaceName: n, message: 'weft does not fetch Git marketplaces' })) };
}
