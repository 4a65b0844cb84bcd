// `features list | enable NAME | disable NAME`: the `[features]` switches weft acts on, in Codex's
// columns (name, stage, whether it is on with the configuration and `-c` flags in effect), and
// switching one in config.toml (comments and layout kept). A name weft does not know is refused.
import { resolveWeftHome } from '../config/weft-home.js';
import { writeUserConfig } from '../config/config-edit.js';
import { FEATURE_SWITCHES, featureEnabled, type FeatureStage } from '../config/features.js';
import { loadConfig } from '../config/load-config.js';
import { UsageError } from '../errors.js';
import { parseCommand, stringList, stringValue, type CliIo } from './cli-options.js';

const HELP = `Usage: weft features list
       weft features enable <feature>
       weft features disable <feature>

List the [features] switches weft reads (name, stage, on or off as configured), or turn one on or
off in config.toml.

Options:
  -c, --config key=value   override a config.toml key while listing
  -h, --help               show this help`;

/** Stages by the words Codex's list shows. */
const STAGE_WORDS: Record<FeatureStage, string> = {
  beta: 'experimental',
  underDevelopment: 'under development',
  stable: 'stable',
  deprecated: 'deprecated',
  removed: 'removed',
};

export async function featuresCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, {}, HELP, io);
  if (parsed === undefined) return 0;
  const [sub, name, ...extra] = parsed.positionals;
  const home = resolveWeftHome(io.env, stringValue(parsed.values.home) ?? stringValue(parsed.values['codex-home']));
  if (sub === 'list' && name === undefined) {
    const { config } = await loadConfig({ home, overrides: stringList(parsed.values.config) });
    for (const f of FEATURE_SWITCHES) io.stdout(`${f.name.padEnd(40)} ${STAGE_WORDS[f.stage].padEnd(18)} ${featureEnabled(config, f)}`);
    return 0;
  }
  if ((sub === 'enable' || sub === 'disable') && name !== undefined && extra.length === 0) {
    if (!FEATURE_SWITCHES.some((f) => f.name === name)) {
      throw new UsageError(`unknown feature \`${name}\`: weft reads ${FEATURE_SWITCHES.map((f) => f.name).join(', ')}`);
    }
    const { filePath } = await writeUserConfig({ home, edits: [{ keyPath: `features.${name}`, value: sub === 'enable', mergeStrategy: 'replace' }], overrides: [] });
    io.stdout(`${sub === 'enable' ? 'Enabled' : 'Disabled'} feature \`${name}\` in ${filePath}.`);
    return 0;
  }
  throw new UsageError('expected `features list`, `features enable <feature>` or `features disable <feature>`');
}
