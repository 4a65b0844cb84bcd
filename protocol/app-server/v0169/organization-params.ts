// Params of the 0.169 methods that organize stored threads (sections, attachments, Git metadata):
// Codex 0.169's `v2/*Params` definitions, every property accepted.
import { z } from 'zod';

const u32 = z.number().int().nonnegative().max(0xffffffff);
const Appearance = z.object({ color: z.string().nullish(), icon: z.string().nullish() });

export const ThreadSectionListParams0169 = z.object({ cursor: z.string().nullish(), limit: u32.nullish() });
export const ThreadSectionCreateParams0169 = z.object({ name: z.string(), appearance: Appearance.nullish() });
/** `appearance` absent keeps it, null clears it. */
export const ThreadSectionUpdateParams0169 = z.object({ sectionId: z.string(), name: z.string(), appearance: Appearance.nullable().optional() });
export const ThreadSectionDeleteParams0169 = z.object({ sectionId: z.string() });
export const ThreadSectionMoveParams0169 = z.object({ threadId: z.string(), sectionId: z.string().nullable(), beforeThreadId: z.string().nullish() });

export const ThreadAttachmentAddParams0169 = z.object({ threadId: z.string(), attachmentType: z.string(), identityKey: z.string(), payload: z.unknown().refine((v) => v !== undefined, { message: 'missing field `payload`' }) });
export const ThreadAttachmentListParams0169 = z.object({ threadId: z.string(), cursor: z.string().nullish(), limit: u32.nullish() });
export const ThreadAttachmentRemoveParams0169 = z.object({ threadId: z.string(), attachmentType: z.string(), identityKey: z.string() });
export const ThreadAttachmentOwnerListParams0169 = z.object({
  attachmentType: z.string(),
  identityKey: z.string(),
  archived: z.boolean().nullish(),
  cursor: z.string().nullish(),
  limit: u32.nullish(),
});

const GitField = z.string().nullable().optional();
export const ThreadMetadataUpdateParams0169 = z.object({
  threadId: z.string(),
  gitInfo: z.object({ sha: GitField, branch: GitField, originUrl: GitField }).nullish(),
});
