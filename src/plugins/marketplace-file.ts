// One marketplace file: `<root>/.agents/plugins/marketplace.json`, read fresh each time (an install
// sees the file as it is now). Each plugin's local source is `./<path>` relative to the marketplace
// root, made of plain segments only (no `..`, no absolute path); `sourceDir` also refuses a source
// that a symlink leads out of the root.
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { MarketplaceManifest, type MarketplacePluginEntry } from '../../protocol/plugins.js';
import { PluginError } from './plugin-error.js';

export const MARKETPLACE_FILE = path.join('.agents', 'plugins', 'marketplace.json');

export interface MarketplacePlugin {
  readonly name: string;
  /** The plugin's folder, absolute (it may not exist). */
  readonly sourcePath: string;
  readonly installPolicy: MarketplacePluginEntry['policy']['installation'];
  readonly authPolicy: MarketplacePluginEntry['policy']['authentication'];
  readonly category: string | null;
}

export interface Marketplace {
  readonly name: string;
  /** The marketplace.json file. */
  readonly path: string;
  /** The folder its plugin sources are relative to. */
  readonly root: string;
  readonly displayName: string | null;
  readonly plugins: readonly MarketplacePlugin[];
}

/** The marketplace root of a marketplace file, which must sit at `<root>/.agents/plugins/`. */
export function marketplaceRootOf(file: string): string {
  const plugins = path.dirname(file);
  const agents = path.dirname(plugins);
  if (path.basename(plugins) !== 'plugins' || path.basename(agents) !== '.agents') {
    throw new PluginError(`marketplace file \`${file}\` is not where marketplaces live: <root>/.agents/plugins/marketplace.json`);
  }
  return path.dirname(agents);
}

function sourcePathOf(file: string, root: string, relative: string): string {
  const rest = relative.startsWith('./') ? relative.slice(2) : undefined;
  if (rest === undefined) throw new PluginError(`marketplace file \`${file}\`: a local plugin source is a path starting with \`./\`, not \`${relative}\``);
  const parts = rest.split('/').filter((p) => p !== '');
  if (parts.length === 0) throw new PluginError(`marketplace file \`${file}\`: a local plugin source path is empty`);
  if (parts.some((p) => p === '.' || p === '..' || p.includes('\\'))) {
    throw new PluginError(`marketplace file \`${file}\`: the plugin source \`${relative}\` leaves the marketplace root`);
  }
  return path.join(root, ...parts);
}

export async function loadMarketplace(file: string): Promise<Marketplace> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new PluginError(`no marketplace file at \`${file}\``);
    throw new PluginError(`cannot read marketplace file \`${file}\`: ${(err as Error).message}`, { cause: err });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new PluginError(`marketplace file \`${file}\` is not JSON: ${(err as Error).message}`);
  }
  const parsed = MarketplaceManifest.safeParse(json);
  if (!parsed.success) throw new PluginError(`marketplace file \`${file}\` does not have a marketplace's shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const root = marketplaceRootOf(file);
  const m = parsed.data;
  return {
    name: m.name,
    path: file,
    root,
    displayName: m.interface?.displayName ?? null,
    plugins: m.plugins.map((p) => ({
      name: p.name,
      sourcePath: sourcePathOf(file, root, p.source.path),
      installPolicy: p.policy.installation,
      authPolicy: p.policy.authentication,
      category: p.category ?? null,
    })),
  };
}

/** The plugin's folder, resolved; refused when a symlink leads it out of the marketplace root. */
export async function sourceDir(market: Marketplace, plugin: MarketplacePlugin): Promise<string | undefined> {
  let real: string;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([realpath(plugin.sourcePath), realpath(market.root)]);
  } catch {
    return undefined;
  }
  const rel = path.relative(realRoot, real);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new PluginError(`plugin \`${plugin.name}\` of marketplace \`${market.name}\` resolves outside the marketplace root`);
  }
  return real;
}

export function findPlugin(market: Marketplace, name: string): MarketplacePlugin {
  const found = market.plugins.find((p) => p.name === name);
  if (!found) throw new PluginError(`marketplace \`${market.name}\` lists no plugin \`${name}\``);
  return found;
}
