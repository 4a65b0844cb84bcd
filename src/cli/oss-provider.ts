// `--oss` (with `--local-provider lmstudio|ollama`, else config's `oss_provider`): run on a local
// open-weights server, as Codex does: the provider becomes that built-in one and, unless `-m` names
// another, the model its gpt-oss default. Handed to the configuration as `-c` lines.
import { loadConfig } from '../config/load-config.js';
import { resolveWeftHome } from '../config/weft-home.js';
import { OSS_DEFAULT_MODELS } from '../engine/provider-settings.js';
import { UsageError } from '../errors.js';
import { stringList, stringValue, type CliIo, type ParsedValues } from './cli-options.js';

export const OSS_OPTIONS = {
  oss: { type: 'boolean' },
  'local-provider': { type: 'string' },
} as const;

export const OSS_HELP = `  --oss                         run on a local provider (lmstudio or ollama; CODEX_OSS_BASE_URL moves it)
  --local-provider NAME         with --oss: lmstudio or ollama (default: config oss_provider)`;

/** The `-c` lines `--oss` stands for (none without it). */
export async function ossOverrides(values: ParsedValues, io: CliIo): Promise<string[]> {
  const named = stringValue(values['local-provider']);
  if (values.oss !== true) {
    if (named !== undefined) throw new UsageError('--local-provider goes with --oss');
    return [];
  }
  let provider = named;
  if (provider === undefined) {
    const home = resolveWeftHome(io.env, stringValue(values.home) ?? stringValue(values['codex-home']));
    provider = (await loadConfig({ home, overrides: stringList(values.config) })).config.oss_provider;
  }
  if (provider === undefined) throw new UsageError('--oss needs a local provider: add --local-provider lmstudio (or ollama), or set oss_provider in config.toml');
  const model = OSS_DEFAULT_MODELS[provider];
  if (model === undefined) throw new UsageError(`--local-provider ${provider}: expected lmstudio or ollama`);
  return [`model_provider=${JSON.stringify(provider)}`, ...(values.model === undefined ? [`model=${JSON.stringify(model)}`] : [])];
}
