// Params of Codex 0.169's `thread/inject_items` (`v2/ThreadInjectItemsParams`): raw Responses items.
import { z } from 'zod';

export const ThreadInjectItemsParams0169 = z.object({ threadId: z.string(), items: z.array(z.unknown()) });
