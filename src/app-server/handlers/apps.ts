// app/list, app/installed and app/read (0.169). Apps are ChatGPT connectors, listed from the ChatGPT
// backend; a home signed in with an API key has none, and Codex 0.169 answers an empty page, no
// installed apps, and every asked id as missing (repeated ids once, in their first order). weft
// does not reach the connector directory, so it answers the same whatever the sign-in.
import type { z } from 'zod';
import type { AppsInstalledParams0169, AppsListParams0169, AppsReadParams0169 } from '../../../protocol/app-server/v0169/plugin-params.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export function appList(ctx: ServerContext, params: z.infer<typeof AppsListParams0169>): HandlerResult {
  if (params.threadId) ctx.requireLoaded(params.threadId);
  return { result: { data: [], nextCursor: null } };
}

export function appInstalled(ctx: ServerContext, params: z.infer<typeof AppsInstalledParams0169>): HandlerResult {
  if (params.threadId) ctx.requireLoaded(params.threadId);
  return { result: { apps: [] } };
}

export function appRead(ctx: ServerContext, params: z.infer<typeof AppsReadParams0169>): HandlerResult {
  if (params.threadId) ctx.requireLoaded(params.threadId);
  return { result: { apps: [], missingAppIds: [...new Set(params.appIds)] } };
}
