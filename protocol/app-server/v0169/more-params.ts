// Params of the 0.169 methods weft added after the first set (permission profiles, thread deletion,
// goals read-only): Codex 0.169's `v2/*Params` definitions, every property accepted.
import { z } from 'zod';

const u32 = z.number().int().nonnegative().max(0xffffffff);

export const PermissionProfileListParams0169 = z.object({ cursor: z.string().nullish(), cwd: z.string().nullish(), limit: u32.nullish() });
export const ThreadGoalGetParams0169 = z.object({ threadId: z.string() });
export const ThreadDeleteParams0169 = z.object({ threadId: z.string() });
export const EmptyParams0169 = z.object({});
export const HooksListParams0169 = z.object({ cwds: z.array(z.string()).optional(), threadId: z.string().nullish() });
export const SkillsExtraRootsSetParams0169 = z.object({ extraRoots: z.array(z.string()) });
export const SkillsConfigWriteParams0169 = z.object({ enabled: z.boolean(), name: z.string().nullish(), path: z.string().nullish() });
export const WindowsSandboxSetupStartParams0169 = z.object({ mode: z.enum(['elevated', 'unelevated']), cwd: z.string().nullish() });
export const ExternalAgentConfigDetectParams0169 = z.object({
  cwds: z.array(z.string()).nullish(),
  includeHome: z.boolean().optional(),
  maxSessionAgeDays: u32.nullish(),
  maxSessions: u32.nullish(),
  migrationSource: z.string().nullish(),
  source: z.string().nullish(),
});
export const FuzzyFileSearchParams0169 = z.object({ query: z.string(), roots: z.array(z.string()), cancellationToken: z.string().nullish() });
