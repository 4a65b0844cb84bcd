// Loading what every weft command needs, once per process: the home directory, config.toml with
// its overrides, the behaviour profile, the template pack and its model catalog.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ConfigToml } from '../../protocol/config.js';
import type { ModelCatalog, ModelInfo } from '../../protocol/model-catalog.js';
import { fallbackBaseInstructions, fallbackModel } from '../config/fallback-model.js';
import type { ToolSpec } from '../../protocol/responses-request.js';
import { expandHome } from '../config/weft-home.js';
import { ConfigError, PackError } from '../errors.js';
import { WEFT_PACK_DIR } from '../pack/default-pack-dir.js';
import { loadPack, type Pack } from '../pack/load-pack.js';
import type { PackLayout } from '../pack/pack-layout.js';
import { ALL_TOOL_TEXT_FILES, hasToolTexts, toolTextsFrom, type ToolTexts } from '../tools/tool-texts.js';
import { APPLY_PATCH_ERROR_FILES, hasPatchErrorTexts, patchTextsFrom, type PatchTexts } from '../tools/apply-patch/patch-texts.js';
import { contextUpdateFraming } from '../prompt/context-update-text.js';
import type { ContextUpdateFraming } from '../prompt/wire-conversation.js';
import { configuredProfile, type ProfileOptions } from './configured-profile.js';
import type { CompatProfile } from '../profile/profile.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface Runtime {
  readonly home: string;
  readonly env: Env;
  readonly config: ConfigToml;
  readonly configFile: string;
  readonly profile: CompatProfile;
  readonly pack: Pack;
  /** The pack's models.json, replaced once by the service's catalog laid over it (Weft's catalog refresh). */
  catalog: ModelCatalog['models'];
  /** The entry a slug the catalog lacks gets (its slug set on use). */
  readonly fallbackModel: ModelInfo;
  /** False when the pack has no fallback base instructions and weft's own text stands in (docs/generations-and-conformance.md). */
  readonly fallbackInstructionsFromPack: boolean;
  readonly packTools: readonly ToolSpec[];
  /** config `instructions` or the content of `model_instructions_file`: the BaseInstructions override. */
  readonly instructionsOverride: string | undefined;
  /** What the model reads when a tool call fails, from the pack (or weft's own when it has none). */
  readonly toolTexts: ToolTexts;
  /** What the model reads back from apply_patch (weft's own refusals when the pack has none). */
  readonly patchTexts: PatchTexts;
  /** How a context message after the model has spoken is framed on the Chat and Anthropic wires. */
  readonly contextUpdate: ContextUpdateFraming;
  readonly warnings: readonly string[];
  /** Deprecated settings the configuration uses, as the generation reports them (its exec stream shows each as an item). */
  readonly notices: readonly string[];
}

export interface RuntimeOptions extends ProfileOptions {
  /** A pack directory; without one (and no `pack` in config.toml) the profile's own pack of weft. */
  readonly packDir?: string | undefined;
}

/** The tool-error texts of weft's own pack, for packs that have none. */
const WEFT_TOOL_TEXTS: PackLayout = { name: 'weft tool texts', files: ALL_TOOL_TEXT_FILES };
const WEFT_PATCH_TEXTS: PackLayout = { name: 'weft apply_patch texts', files: APPLY_PATCH_ERROR_FILES.map(({ optional: _optional, ...spec }) => spec) };

export async function loadRuntime(opts: RuntimeOptions): Promise<Runtime> {
  const { home, config, configFile, warnings, notices, profile } = await configuredProfile(opts);
  // A pack the user names must exist; weft's own pack is a stack of directories per profile.
  const userPack = opts.packDir ?? (config.pack ? path.resolve(home, expandHome(config.pack, opts.env)) : undefined);
  if (userPack !== undefined) await assertPackDir(userPack, opts.packDir !== undefined ? '--pack' : 'config `pack`');
  const pack = await profile.loadPack(userPack ?? profile.weftPack);
  const fallbackText = await fallbackBaseInstructions(pack);
  return {
    home,
    env: opts.env,
    config,
    configFile,
    profile,
    pack,
    catalog: pack.json<ModelCatalog>('models.json').models,
    fallbackModel: fallbackModel(profile.fallbackModel, fallbackText.text),
    fallbackInstructionsFromPack: fallbackText.fromPack,
    packTools: profile.packTools(pack),
    instructionsOverride: await instructionsOverride(config, configFile, home, opts.env),
    toolTexts: toolTextsFrom(pack, hasToolTexts(pack) ? undefined : await loadPack(WEFT_PACK_DIR, WEFT_TOOL_TEXTS)),
    patchTexts: patchTextsFrom(pack, hasPatchErrorTexts(pack) ? undefined : await loadPack(WEFT_PACK_DIR, WEFT_PATCH_TEXTS)),
    contextUpdate: await contextUpdateFraming(pack),
    warnings,
    notices,
  };
}

async function instructionsOverride(config: ConfigToml, file: string, home: string, env: Env): Promise<string | undefined> {
  if (config.instructions !== undefined) return config.instructions;
  if (config.model_instructions_file === undefined) return undefined;
  const target = path.resolve(home, expandHome(config.model_instructions_file, env));
  try {
    return (await readFile(target, 'utf8')).trim();
  } catch (err) {
    throw new ConfigError(
      `${file}: key \`model_instructions_file\`: ${target} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      file,
      'model_instructions_file',
      { cause: err },
    );
  }
}

/** A pack that is not a directory at all is named as such, not as a pack missing its first file. */
async function assertPackDir(dir: string, source: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (!info) throw new PackError(`${source} ${dir}: the directory does not exist`, dir);
  if (!info.isDirectory()) throw new PackError(`${source} ${dir}: not a directory`, dir);
}
