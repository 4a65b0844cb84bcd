// plugin/share/* (0.169): sharing a plugin goes through the ChatGPT backend's remote catalog, so each
// answers as plugin-remote.ts says (Codex 0.169 with an API key refuses each, naming the step).
import type { z } from 'zod';
import type { PluginShareRemoteIdParams0169, PluginShareSaveParams0169, PluginShareUpdateTargetsParams0169 } from '../../../protocol/app-server/v0169/plugin-params.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';
import { remoteCatalogError } from './plugin-remote.js';

export function pluginShareSave(ctx: ServerContext, _params: z.infer<typeof PluginShareSaveParams0169>): HandlerResult {
  throw remoteCatalogError(ctx, 'saving the plugin share');
}

export function pluginShareUpdateTargets(ctx: ServerContext, _params: z.infer<typeof PluginShareUpdateTargetsParams0169>): HandlerResult {
  throw remoteCatalogError(ctx, 'updating the plugin share targets');
}

export function pluginShareList(ctx: ServerContext): HandlerResult {
  throw remoteCatalogError(ctx, 'listing the plugin shares');
}

export function pluginShareCheckout(ctx: ServerContext, _params: z.infer<typeof PluginShareRemoteIdParams0169>): HandlerResult {
  throw remoteCatalogError(ctx, 'checking out the plugin share');
}

export function pluginShareDelete(ctx: ServerContext, _params: z.infer<typeof PluginShareRemoteIdParams0169>): HandlerResult {
  throw remoteCatalogError(ctx, 'deleting the plugin share');
}
