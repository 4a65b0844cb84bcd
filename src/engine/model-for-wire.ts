// A provider that speaks Chat Completions or Anthropic Messages serves its own models: the
// generation's default model (a Codex model name) means nothing to it. A thread on such a provider
// needs `model` chosen — in config.toml, a profile, `-m` or the thread's overrides — and weft
// refuses before anything is written or sent when it is not.
import type { ConfigToml } from '../../protocol/config.js';
import type { ProviderSettings } from '../client/provider.js';
import { ConfigError } from '../errors.js';
import { providerId } from './provider-settings.js';

const WIRE_NAMES = { chat: 'Chat Completions', anthropic: 'Anthropic Messages' } as const;

/** Throws when `provider` is not a Responses provider and no model was chosen. */
export function assertModelChosen(config: ConfigToml, configFile: string, provider: ProviderSettings, overrideModel: string | undefined): void {
  if (provider.wireApi === 'responses' || overrideModel !== undefined || config.model !== undefined) return;
  const id = providerId(config);
  throw new ConfigError(
    `${configFile}: model_provider \`${id}\` speaks the ${WIRE_NAMES[provider.wireApi]} API (wire_api = "${provider.wireApi}"), ` +
      `which serves its own models: set \`model\` in config.toml (or pass -m/--model) to a model this server offers; ` +
      `weft does not send it the default model of a Codex generation`,
    configFile,
    'model',
  );
}
