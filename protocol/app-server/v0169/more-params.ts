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
const SandboxPolicyParam = z.discriminatedUnion('type', [
  z.object({ type: z.literal('dangerFullAccess') }),
  z.object({ type: z.literal('readOnly'), networkAccess: z.boolean().optional() }).passthrough(),
  z.object({ type: z.literal('externalSandbox') }).passthrough(),
  z
    .object({
      type: z.literal('workspaceWrite'),
      writableRoots: z.array(z.string()).optional(),
      networkAccess: z.boolean().optional(),
      excludeTmpdirEnvVar: z.boolean().optional(),
      excludeSlashTmp: z.boolean().optional(),
    })
    .passthrough(),
]);
const TerminalSize = z.object({ rows: z.number().int().min(0).max(0xffff), cols: z.number().int().min(0).max(0xffff) });
export const CommandExecParams0169 = z.object({
  command: z.array(z.string()),
  cwd: z.string().nullish(),
  disableOutputCap: z.boolean().optional(),
  disableTimeout: z.boolean().optional(),
  env: z.record(z.string(), z.string().nullable()).nullish(),
  outputBytesCap: z.number().int().nonnegative().nullish(),
  processId: z.string().nullish(),
  sandboxPolicy: SandboxPolicyParam.nullish(),
  permissionProfile: z.unknown().optional(),
  size: TerminalSize.nullish(),
  streamStdin: z.boolean().optional(),
  streamStdoutStderr: z.boolean().optional(),
  timeoutMs: z.number().int().nullish(),
  tty: z.boolean().optional(),
});
export const CommandExecWriteParams0169 = z.object({ processId: z.string(), deltaBase64: z.string().nullish(), closeStdin: z.boolean().optional() });
export const CommandExecTerminateParams0169 = z.object({ processId: z.string() });
export const CommandExecResizeParams0169 = z.object({ processId: z.string(), size: TerminalSize });
export const ExperimentalFeatureListParams0169 = z.object({ cursor: z.string().nullish(), limit: u32.nullish(), threadId: z.string().nullish() });
export const ExperimentalFeatureEnablementSetParams0169 = z.object({ enablement: z.record(z.string(), z.boolean()) });
