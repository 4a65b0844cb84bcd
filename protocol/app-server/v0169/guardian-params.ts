// Params of Codex 0.169's `thread/approveGuardianDeniedAction` (`v2/ThreadApproveGuardianDeniedActionParams`):
// the thread and the serialized review event (read by the handler, with Codex's wording for its errors).
import { z } from 'zod';

export const ThreadApproveGuardianDeniedActionParams0169 = z.object({ threadId: z.string(), event: z.unknown() });
