// Params of the 0.169 methods weft added after the first set (permission profiles, thread deletion,
// goals read-only): Codex 0.169's `v2/*Params` definitions, every property accepted.
import { z } from 'zod';

const u32 = z.number().int().nonnegative().max(0xffffffff);

export const PermissionProfileListParams0169 = z.object({ cursor: z.string().nullish(), cwd: z.string().nullish(), limit: u32.nullish() });
export const ThreadGoalGetParams0169 = z.object({ threadId: z.string() });
export const ThreadDeleteParams0169 = z.object({ threadId: z.string() });
