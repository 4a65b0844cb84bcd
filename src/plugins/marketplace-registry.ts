// Which marketplaces a listing reads, in Codex's order: the user's own
// (`$HOME/.agents/plugins/marketplace.json`), those added with `marketplace/add` (config.toml's
// `[marketplaces.*]`), then those of the working directories a client names (the folder itself, or
// the root of the Git repository it is in). Each file is loaded; one that fails is reported, not fatal.
import path from 'node:path';
import { isFile, pathExists } from '../path-probes.js';
import { gitMarketplaceRoot } from './git-marketplace.js';
import { loadMarketplace, MARKETPLACE_FILE, type Marketplace } from './marketplace-file.js';
import { isNameSegment } from './plugin-id.js';
import type { PluginTables } from './plugin-config.js';

export interface MarketplaceLoadError {
  readonly marketplacePath: string;
  readonly message: string;
}

export interface RegistryOptions {
  /** The Codex home (Git marketplaces are cloned under it). */
  readonly home: string;
  readonly userHome?: string | undefined;
  readonly cwds?: readonly string[];
  readonly tables: PluginTables;
}

async function repoRootOf(dir: string): Promise<string | undefined> {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (await pathExists(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

async function marketplaceFileIn(dir: string): Promise<string | undefined> {
  const direct = path.join(dir, MARKETPLACE_FILE);
  if (await isFile(direct)) return direct;
  const repo = await repoRootOf(dir);
  const inRepo = repo === undefined ? undefined : path.join(repo, MARKETPLACE_FILE);
  return inRepo !== undefined && (await isFile(inRepo)) ? inRepo : undefined;
}

export async function marketplaceFiles(opts: RegistryOptions): Promise<string[]> {
  const files: string[] = [];
  const add = (f: string | undefined): void => {
    if (f !== undefined && !files.includes(f)) files.push(f);
  };
  if (opts.userHome) {
    const own = path.join(opts.userHome, MARKETPLACE_FILE);
    if (await isFile(own)) add(own);
  }
  for (const [name, entry] of Object.entries(opts.tables.marketplaces)) {
    if (entry.source_type === 'local') add(path.join(entry.source, MARKETPLACE_FILE));
    else if (isNameSegment(name)) add(path.join(gitMarketplaceRoot(opts.home, name), MARKETPLACE_FILE));
  }
  for (const cwd of opts.cwds ?? []) add(await marketplaceFileIn(cwd));
  return files;
}

export async function loadMarketplaces(opts: RegistryOptions): Promise<{ marketplaces: Marketplace[]; errors: MarketplaceLoadError[] }> {
  const marketplaces: Marketplace[] = [];
  const errors: MarketplaceLoadError[] = [];
  for (const file of await marketplaceFiles(opts)) {
    try {
      marketplaces.push(await loadMarketplace(file));
    } catch (err) {
      errors.push({ marketplacePath: file, message: (err as Error).message });
    }
  }
  return { marketplaces, errors };
}
