// thread/attachment/add|list|remove and thread/attachmentOwner/list (0.169): attachments of stored
// threads as Codex keeps them (rollout/state-db/thread-attachments.ts). A created or removed
// attachment is broadcast after the answer as `thread/attachment/updated`; adding one the thread
// already has, or removing one it has not, changes nothing and says nothing.
import type { z } from 'zod';
import type * as O from '../../../protocol/app-server/v0169/organization-params.js';
import { ThreadAttachments } from '../../rollout/state-db/thread-attachments.js';
import { ensureThreadRow } from '../../rollout/state-db/thread-git-metadata.js';
import type { ServerContext } from '../server-context.js';
import { isArchivedPath, namedThread, organize, withOrganization } from '../thread-organization.js';
import type { HandlerResult } from './handler.js';

type Operation = 'created' | 'deleted';

function updated(ctx: ServerContext, threadId: string, attachmentType: string, identityKey: string, attachmentId: string, operation: Operation): () => void {
  return () => ctx.notifyAny('thread/attachment/updated', { threadId, attachmentType, identityKey, attachmentId, operation });
}

export async function threadAttachmentAdd(ctx: ServerContext, params: z.infer<typeof O.ThreadAttachmentAddParams0169>): Promise<HandlerResult> {
  const thread = await namedThread(ctx, params.threadId, 'params');
  const added = organize(ctx, (store) => {
    ensureThreadRow(store, thread.id, thread.git);
    return new ThreadAttachments(store).add(thread.id, params.attachmentType, params.identityKey, params.payload);
  });
  const after = added.outcome === 'created' ? updated(ctx, thread.id, params.attachmentType, params.identityKey, added.attachment.id, 'created') : undefined;
  return { result: { outcome: added.outcome, attachment: added.attachment }, ...(after ? { after } : {}) };
}

export async function threadAttachmentList(ctx: ServerContext, params: z.infer<typeof O.ThreadAttachmentListParams0169>): Promise<HandlerResult> {
  const thread = await namedThread(ctx, params.threadId, 'params');
  const page = withOrganization(ctx, false, (store) => new ThreadAttachments(store).list(thread.id, params.cursor, params.limit));
  return { result: page ?? { data: [], nextCursor: null } };
}

export async function threadAttachmentRemove(ctx: ServerContext, params: z.infer<typeof O.ThreadAttachmentRemoveParams0169>): Promise<HandlerResult> {
  const thread = await namedThread(ctx, params.threadId, 'params');
  const removed = withOrganization(ctx, false, (store) => new ThreadAttachments(store).remove(thread.id, params.attachmentType, params.identityKey));
  const after = removed !== undefined ? updated(ctx, thread.id, params.attachmentType, params.identityKey, removed, 'deleted') : undefined;
  return { result: {}, ...(after ? { after } : {}) };
}

export async function threadAttachmentOwnerList(ctx: ServerContext, params: z.infer<typeof O.ThreadAttachmentOwnerListParams0169>): Promise<HandlerResult> {
  // weft's own store knows no archive flags: a thread is archived where its rollout is.
  const archived = new Map<string, boolean>();
  const ids = withOrganization(ctx, false, (store) =>
    store.shared ? [] : (store.db.prepare('SELECT DISTINCT thread_id FROM thread_attachments WHERE attachment_type = ? AND identity_key = ?').pluck().all(params.attachmentType, params.identityKey) as string[]),
  );
  for (const id of ids ?? []) archived.set(id, isArchivedPath(ctx.loaded.has(id) ? undefined : await ctx.base.store.find(id)));
  const page = withOrganization(ctx, false, (store) =>
    new ThreadAttachments(store).owners(params.attachmentType, params.identityKey, params, (id) => archived.get(id) ?? false),
  );
  return { result: page ?? { data: [], nextCursor: null } };
}
