// permissionProfile/list: the permission profiles a thread may select, as Codex 0.169 lists them:
// its three built-ins (`:read-only`, `:workspace`, `:danger-full-access`, no description), then each
// `[permissions.NAME]` table of config.toml with its `description`. weft has no managed
// requirements, so every profile is allowed.
import type { z } from 'zod';
import type { PermissionProfileListParams0169 } from '../../../protocol/app-server/v0169/more-params.js';
import { readUserConfig } from '../../config/config-layers.js';
import { pageOf } from '../list-page.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export interface PermissionProfileSummary {
  readonly id: string;
  readonly description: string | null;
  readonly allowed: boolean;
}

export const BUILT_IN_PERMISSION_PROFILES = [':read-only', ':workspace', ':danger-full-access'] as const;

/** The profiles of a config table: the built-ins, then the named ones in the file's order. */
export function permissionProfilesOf(table: Readonly<Record<string, unknown>>): PermissionProfileSummary[] {
  const named = table.permissions;
  const own =
    typeof named === 'object' && named !== null && !Array.isArray(named)
      ? Object.entries(named as Record<string, unknown>).map(([id, body]) => {
          const description = typeof body === 'object' && body !== null && typeof (body as { description?: unknown }).description === 'string' ? (body as { description: string }).description : null;
          return { id, description, allowed: true };
        })
      : [];
  return [...BUILT_IN_PERMISSION_PROFILES.map((id) => ({ id, description: null, allowed: true })), ...own];
}

export async function permissionProfileList(ctx: ServerContext, params: z.infer<typeof PermissionProfileListParams0169>): Promise<HandlerResult> {
  const user = await readUserConfig(ctx.base.home);
  return { result: pageOf(permissionProfilesOf(user.table), params.cursor, params.limit) };
}
