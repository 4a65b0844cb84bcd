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

const LayerName = z.record(z.string(), z.unknown());

export const ConfigReadResponse0169 = z.object({
  config: z.record(z.string(), z.unknown()),
  origins: z.record(z.string(), z.object({ name: LayerName, version: z.string() })),
  layers: z.array(z.object({ name: LayerName, version: z.string(), config: z.unknown() })).nullish(),
});

/** The answer of `config/value/write` and `config/batchWrite`. */
export const ConfigWriteResponse0169 = z.object({
  status: z.enum(['ok', 'okOverridden']),
  version: z.string(),
  filePath: z.string(),
  overriddenMetadata: z.object({ message: z.string(), overridingLayer: z.object({ name: LayerName, version: z.string() }), effectiveValue: z.unknown() }).nullish(),
});

export const ConfigRequirementsReadResponse0169 = z.object({
  requirements: z.record(z.string(), z.unknown()).nullish(),
  supportsIndependentSpeedModes: z.boolean().nullish(),
});
