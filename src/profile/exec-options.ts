// The `exec` options that one generation of Codex has and another has not (cli/exec-flags.ts refuses
// the ones the configured generation lacks, as Codex's parser does).
export const GENERATION_EXEC_OPTIONS = [
  'full-auto',
  'ephemeral',
  'ignore-user-config',
  'ignore-rules',
  'strict-config',
  'thread-source',
  'remote',
  'remote-auth-token-env',
] as const;
export type GenerationExecOption = (typeof GENERATION_EXEC_OPTIONS)[number];
