// 0.169's configuration methods: `config/read` (the effective configuration, where each key comes
// from, and on request the layers), `config/value/write` and `config/batchWrite` (edits to the
// user's config.toml, refused with Codex's `config_write_error_code` in the error's data), and
// `configRequirements/read` (weft has no managed requirements: null).
import type { z } from 'zod';
import { RpcErrorCode } from '../../../protocol/app-server/jsonrpc.js';
import type { ConfigBatchWriteParams0169, ConfigReadParams0169, ConfigValueWriteParams0169 } from '../../../protocol/app-server/v0169/config-params.js';
import { ConfigWriteRefused, writeUserConfig, type ConfigEdit } from '../../config/config-edit.js';
import { configLayers, configOrigins, readUserConfig } from '../../config/config-layers.js';
import { parseConfigText } from '../../config/load-config.js';
import { overrideLines } from '../../config/config-overrides.js';
import { configProfileOf } from '../../engine/configured-profile.js';
import { ProtocolError } from '../../errors.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

const overridesOf = (ctx: ServerContext): readonly string[] => overrideLines(ctx.options.runtime?.configOverrides);

export async function configRead(ctx: ServerContext, params: z.infer<typeof ConfigReadParams0169>): Promise<HandlerResult> {
  const overrides = overridesOf(ctx);
  const user = await readUserConfig(ctx.base.home);
  // The configuration as weft reads it (profile applied, unknown keys left out).
  const runtime = ctx.options.runtime;
  const { config, profileFile } = parseConfigText(user.text, user.file, overrides, {
    profile: configProfileOf({ configProfile: runtime?.configProfile, compat: runtime?.compat }),
  });
  const layers = configLayers(user.file, user.table, overrides, profileFile);
  const result: Record<string, unknown> = { config, origins: configOrigins(layers) };
  if (params.includeLayers === true) result.layers = layers.map((l) => ({ name: l.name, version: l.version, config: l.config }));
  return { result };
}

export function configRequirementsRead(): HandlerResult {
  return { result: { requirements: null, supportsIndependentSpeedModes: null } };
}

/** Writes edits to the user's config.toml and reloads it; the answer is Codex's `ConfigWriteResponse`. */
export async function writeConfigEdits(
  ctx: ServerContext,
  edits: readonly ConfigEdit[],
  target: { filePath?: string | null; expectedVersion?: string | null; sections?: readonly string[] },
): Promise<HandlerResult> {
  try {
    const out = await writeUserConfig({ home: ctx.base.home, edits, filePath: target.filePath, expectedVersion: target.expectedVersion, overrides: overridesOf(ctx), sections: target.sections ?? [] });
    // A write that leaves a config weft cannot load was refused above, so the reload succeeds.
    await ctx.reloadConfig();
    const o = out.overridden;
    const overriddenMetadata = o && {
      message: `written, but \`${o.keyPath}\` stays overridden by this session's -c flags`,
      overridingLayer: { name: { type: 'sessionFlags' }, version: o.layerVersion },
      effectiveValue: o.effectiveValue,
    };
    return { result: { status: out.overridden ? 'okOverridden' : 'ok', version: out.version, filePath: out.filePath, overriddenMetadata } };
  } catch (err) {
    if (err instanceof ConfigWriteRefused) throw new ProtocolError(err.message, RpcErrorCode.invalidRequest, undefined, { config_write_error_code: err.writeCode });
    throw err;
  }
}

export const configValueWrite = (ctx: ServerContext, p: z.infer<typeof ConfigValueWriteParams0169>): Promise<HandlerResult> =>
  writeConfigEdits(ctx, [{ keyPath: p.keyPath, value: p.value, mergeStrategy: p.mergeStrategy }], p);

export const configBatchWrite = (ctx: ServerContext, p: z.infer<typeof ConfigBatchWriteParams0169>): Promise<HandlerResult> =>
  writeConfigEdits(ctx, p.edits.map((e) => ({ keyPath: e.keyPath, value: e.value, mergeStrategy: e.mergeStrategy })), p);
