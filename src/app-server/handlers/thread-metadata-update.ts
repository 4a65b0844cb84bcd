// thread/metadata/update (0.169): corrects the Git facts stored for a thread (Codex keeps them in its
// thread row, not in the rollout: rollout/state-db/thread-git-metadata.ts) and answers with the
// thread as thread/read shows it, without turns.
import type { z } from 'zod';
import type * as O from '../../../protocol/app-server/v0169/organization-params.js';
import { checkGitPatch, ensureThreadRow, updateGitInfo } from '../../rollout/state-db/thread-git-metadata.js';
import { ThreadOrganizationError } from '../../rollout/state-db/thread-sections.js';
import { rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import { namedThread, organize, withOrganizedFields } from '../thread-organization.js';
import type { HandlerResult } from './handler.js';
import { threadObject } from './thread-queries.js';

export async function threadMetadataUpdate(ctx: ServerContext, params: z.infer<typeof O.ThreadMetadataUpdateParams0169>): Promise<HandlerResult> {
  const patch = params.gitInfo ?? {};
  try {
    checkGitPatch(patch);
  } catch (err) {
    if (err instanceof ThreadOrganizationError) throw rpcError.invalidRequest(err.message);
    throw err;
  }
  const thread = await namedThread(ctx, params.threadId, 'request');
  organize(ctx, (store) => {
    ensureThreadRow(store, thread.id, thread.git);
    updateGitInfo(store, thread.id, patch);
  });
  const [view] = withOrganizedFields(ctx, [await threadObject(ctx, thread.id, false)]);
  return { result: { thread: view } };
}
