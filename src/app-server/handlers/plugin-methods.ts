// plugin/list, plugin/installed, plugin/read, plugin/install, plugin/uninstall, plugin/reconcile and
// plugin/skill/read (0.169) over weft's local marketplaces (src/plugins/). A plugin is named by its
// marketplace file (`marketplacePath`); a `remoteMarketplaceName` names Codex's remote catalog, which
// answers as plugin-remote.ts says.
import path from 'node:path';
import type { z } from 'zod';
import { RpcErrorCode } from '../../../protocol/app-server/jsonrpc.js';
import type {
  PluginInstalledParams0169,
  PluginInstallParams0169,
  PluginListParams0169,
  PluginReadParams0169,
  PluginSkillReadParams0169,
  PluginUninstallParams0169,
} from '../../../protocol/app-server/v0169/plugin-params.js';
import { ConfigWriteRefused } from '../../config/config-edit.js';
import { overrideLines } from '../../config/config-overrides.js';
import { findPlugin, loadMarketplace } from '../../plugins/marketplace-file.js';
import { loadMarketplaces } from '../../plugins/marketplace-registry.js';
import { marketplaceStates, pluginState } from '../../plugins/plugin-catalog.js';
import { installFromMarketplace, uninstallByKey } from '../../plugins/plugin-changes.js';
import { readPluginTables, type PluginConfigTarget } from '../../plugins/plugin-config.js';
import { PluginError } from '../../plugins/plugin-error.js';
import { parsePluginKey, type PluginKey } from '../../plugins/plugin-id.js';
import { pluginSkills } from '../../plugins/plugin-skills.js';
import { CodexCodedError, rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';
import { marketplaceEntry, pluginDetail } from './plugin-views.js';
import { checkRemotePluginId, remoteCatalogError } from './plugin-remote.js';

export const configTarget = (ctx: ServerContext): PluginConfigTarget => ({ home: ctx.base.home, overrides: overrideLines(ctx.options.runtime?.configOverrides) });

/** Runs a plugin operation, its refusals answered as invalid requests. */
export async function pluginCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof PluginError || err instanceof ConfigWriteRefused) throw new CodexCodedError(err.message, RpcErrorCode.invalidRequest);
    throw err;
  }
}

async function listing(ctx: ServerContext, cwds: readonly string[] | null | undefined, keep: (installed: boolean, name: string) => boolean) {
  const tables = await readPluginTables(ctx.base.home);
  const { marketplaces, errors } = await loadMarketplaces({ home: ctx.base.home, userHome: ctx.options.env.HOME, cwds: cwds ?? [], tables });
  const entries: Record<string, unknown>[] = [];
  for (const m of marketplaces) {
    const states = (await marketplaceStates(ctx.base.home, tables, m)).filter((s) => keep(s.installed, s.plugin.name));
    if (states.length > 0 || m.plugins.length === 0) entries.push(marketplaceEntry(m, states));
  }
  return { marketplaces: entries, marketplaceLoadErrors: errors };
}

export async function pluginList(ctx: ServerContext, params: z.infer<typeof PluginListParams0169>): Promise<HandlerResult> {
  if (params.marketplaceKinds && !params.marketplaceKinds.includes('local')) return { result: { marketplaces: [], marketplaceLoadErrors: [], featuredPluginIds: [] } };
  const found = await pluginCall(() => listing(ctx, params.cwds, () => true));
  return { result: { ...found, featuredPluginIds: [] } };
}

export async function pluginInstalled(ctx: ServerContext, params: z.infer<typeof PluginInstalledParams0169>): Promise<HandlerResult> {
  const suggested = new Set(params.installSuggestionPluginNames ?? []);
  const found = await pluginCall(() => listing(ctx, params.cwds, (installed, name) => installed || suggested.has(name)));
  return { result: { marketplaces: found.marketplaces.filter((m) => (m.plugins as unknown[]).length > 0), marketplaceLoadErrors: found.marketplaceLoadErrors } };
}

/** The marketplace file a read or install names; a remote marketplace answers as the remote catalog does. */
function localMarketplace(ctx: ServerContext, method: string, params: { marketplacePath?: string | null | undefined; remoteMarketplaceName?: string | null | undefined }, step: string): string {
  const local = params.marketplacePath !== undefined && params.marketplacePath !== null;
  const remote = params.remoteMarketplaceName !== undefined && params.remoteMarketplaceName !== null;
  if (local === remote) throw new CodexCodedError(`${method} needs exactly one of marketplacePath or remoteMarketplaceName`, RpcErrorCode.invalidRequest);
  if (remote) throw remoteCatalogError(ctx, step);
  const file = params.marketplacePath as string;
  if (!path.isAbsolute(file)) throw rpcError.invalidField('marketplacePath', 'must be an absolute path');
  return path.normalize(file);
}

export async function pluginRead(ctx: ServerContext, params: z.infer<typeof PluginReadParams0169>): Promise<HandlerResult> {
  const file = localMarketplace(ctx, 'plugin/read', params, 'reading the remote plugin');
  const plugin = await pluginCall(async () => {
    const market = await loadMarketplace(file);
    const state = await pluginState(ctx.base.home, await readPluginTables(ctx.base.home), market, findPlugin(market, params.pluginName));
    return pluginDetail(state, await pluginSkills(state.plugin.name, state.dir, state.manifest));
  });
  return { result: { plugin } };
}

export async function pluginInstall(ctx: ServerContext, params: z.infer<typeof PluginInstallParams0169>): Promise<HandlerResult> {
  const file = localMarketplace(ctx, 'plugin/install', params, 'reading the remote plugin before installing it');
  const installed = await pluginCall(() => installFromMarketplace(configTarget(ctx), file, params.pluginName));
  // Threads opened from now on load the plugin's skills.
  await ctx.reloadConfig();
  return { result: { authPolicy: installed.authPolicy, appsNeedingAuth: [] } };
}

export async function pluginUninstall(ctx: ServerContext, params: z.infer<typeof PluginUninstallParams0169>): Promise<HandlerResult> {
  let key: PluginKey | undefined;
  try {
    key = parsePluginKey(params.pluginId);
  } catch (err) {
    if (err instanceof PluginError) throw new CodexCodedError(`invalid plugin id \`${params.pluginId}\`: ${err.message}`, RpcErrorCode.invalidRequest);
    throw err;
  }
  if (key === undefined) throw remoteCatalogError(ctx, 'resolving the remote plugin before uninstalling it');
  const local = key;
  await pluginCall(() => uninstallByKey(configTarget(ctx), local));
  await ctx.reloadConfig();
  return { result: {} };
}

/** Reconciling syncs remote installs with the ChatGPT backend: a home of local plugins has nothing to change. */
export function pluginReconcile(): HandlerResult {
  return { result: { changedPlugins: [], failedRemotePluginIds: [], failedMaterializationRemotePluginIds: [] } };
}

export function pluginSkillRead(ctx: ServerContext, params: z.infer<typeof PluginSkillReadParams0169>): HandlerResult {
  checkRemotePluginId(params.remotePluginId);
  throw remoteCatalogError(ctx, 'reading the remote plugin skill');
}
