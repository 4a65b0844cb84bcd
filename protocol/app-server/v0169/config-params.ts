// Params of the 0.169 `config/*` methods (Codex 0.169's `v2/Config*Params`): reading the effective
// configuration and editing the user's config.toml. `value` is any JSON value (null removes the key).
import { z } from 'zod';

export const MergeStrategy0169 = z.enum(['replace', 'upsert']);

export const ConfigReadParams0169 = z.object({
  cwd: z.string().nullish(),
  includeLayers: z.boolean().optional(),
});

const edit = {
  keyPath: z.string(),
  value: z.unknown().refine((v) => v !== undefined, { message: 'missing field `value`' }),
  mergeStrategy: MergeStrategy0169,
};

export const ConfigEdit0169 = z.object(edit);

const target = {
  expectedVersion: z.string().nullish(),
  filePath: z.string().nullish(),
};

export const ConfigValueWriteParams0169 = z.object({ ...edit, ...target });

export const ConfigBatchWriteParams0169 = z.object({
  edits: z.array(ConfigEdit0169),
  ...target,
  reloadUserConfig: z.boolean().optional(),
});
