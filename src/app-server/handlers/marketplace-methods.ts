// marketplace/add, marketplace/remove and marketplace/upgrade (0.169) over weft's local
// and Git marketplaces (src/plugins/marketplace-changes.ts): a relative source is taken from the server's cwd.
import type { z } from 'zod';
import type { MarketplaceAddParams0169, MarketplaceRemoveParams0169, MarketplaceUpgradeParams0169 } from '../../../protocol/app-server/v0169/plugin-params.js';
import { addMarketplace, removeMarketplace, upgradeMarketplaces } from '../../plugins/marketplace-changes.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';
import { configTarget, pluginCall } from './plugin-methods.js';

export async function marketplaceAdd(ctx: ServerContext, params: z.infer<typeof MarketplaceAddParams0169>): Promise<HandlerResult> {
  return { result: await pluginCall(() => addMarketplace(configTarget(ctx), params.source, ctx.options.cwd, { refName: params.refName, env: ctx.options.env })) };
}

export async function marketplaceRemove(ctx: ServerContext, params: z.infer<typeof MarketplaceRemoveParams0169>): Promise<HandlerResult> {
  return { result: await pluginCall(() => removeMarketplace(configTarget(ctx), params.marketplaceName)) };
}

export async function marketplaceUpgrade(ctx: ServerContext, params: z.infer<typeof MarketplaceUpgradeParams0169>): Promise<HandlerResult> {
  return { result: await pluginCall(() => upgradeMarketplaces(ctx.base.home, params.marketplaceName, ctx.options.env)) };
}
