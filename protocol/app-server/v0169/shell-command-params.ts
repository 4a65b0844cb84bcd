// Params of Codex 0.169's `thread/shellCommand` (`v2/ThreadShellCommandParams`): the script as typed
// and an optional time limit (milliseconds; absent or null: one hour; the handler refuses a negative one).
import { z } from 'zod';

export const ThreadShellCommandParams0169 = z.object({
  threadId: z.string(),
  command: z.string(),
  timeoutMs: z.number().int().nullish(),
});
