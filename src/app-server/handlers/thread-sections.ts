// threadSection/list|create|update|delete and thread/section/move (0.169): the home's thread
// sections as Codex keeps them (rollout/state-db/thread-sections.ts). A move answers `{}` and then
// broadcasts `thread/section/changed` (also when nothing moved), as Codex does.
import type { z } from 'zod';
import type * as O from '../../../protocol/app-server/v0169/organization-params.js';
import { ensureThreadRow } from '../../rollout/state-db/thread-git-metadata.js';
import { PINNED_SECTION } from '../../rollout/state-db/organization-db.js';
import { ThreadSections, type ThreadSection } from '../../rollout/state-db/thread-sections.js';
import type { ServerContext } from '../server-context.js';
import { namedThread, organize, withOrganization } from '../thread-organization.js';
import type { HandlerResult } from './handler.js';

/** The page a home without any store lists: Codex's built-in section. */
function builtInOnly(cursor: string | null | undefined, limit: number | null | undefined): { data: ThreadSection[]; nextCursor: null } {
  const pinned: ThreadSection = { id: PINNED_SECTION.id, name: PINNED_SECTION.name, appearance: null };
  return { data: (cursor ?? '') < pinned.id && limit !== 0 ? [pinned] : [], nextCursor: null };
}

export function threadSectionList(ctx: ServerContext, params: z.infer<typeof O.ThreadSectionListParams0169>): HandlerResult {
  // A read never creates weft's store; a home without one has Codex's built-in section only.
  const page = withOrganization(ctx, false, (store) => new ThreadSections(store).list(params.cursor, params.limit));
  return { result: page ?? builtInOnly(params.cursor, params.limit) };
}

export function threadSectionCreate(ctx: ServerContext, params: z.infer<typeof O.ThreadSectionCreateParams0169>): HandlerResult {
  return { result: { section: organize(ctx, (store) => new ThreadSections(store).create(params.name, params.appearance)) } };
}

export function threadSectionUpdate(ctx: ServerContext, params: z.infer<typeof O.ThreadSectionUpdateParams0169>): HandlerResult {
  return { result: { section: organize(ctx, (store) => new ThreadSections(store).update(params.sectionId, params.name, params.appearance)) } };
}

export function threadSectionDelete(ctx: ServerContext, params: z.infer<typeof O.ThreadSectionDeleteParams0169>): HandlerResult {
  organize(ctx, (store) => new ThreadSections(store).delete(params.sectionId));
  return { result: {} };
}

export async function threadSectionMove(ctx: ServerContext, params: z.infer<typeof O.ThreadSectionMoveParams0169>): Promise<HandlerResult> {
  const thread = await namedThread(ctx, params.threadId, 'request');
  organize(ctx, (store) => {
    ensureThreadRow(store, thread.id, thread.git);
    new ThreadSections(store).move(thread.id, params.sectionId, params.beforeThreadId);
  });
  return { result: {}, after: () => ctx.notifyAny('thread/section/changed', { threadId: thread.id, sectionId: params.sectionId }) };
}
