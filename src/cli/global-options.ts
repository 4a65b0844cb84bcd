// Options Codex takes before any subcommand, which clients pass to weft the same way:
// `--enable FEATURE` / `--disable FEATURE` (the `[features]` table of config.toml), `-c key=value`
// (given before the subcommand, it applies to it as if given after), and `--version`. A feature weft
// does not know is reported on stderr and otherwise ignored, as a client may pass Codex-only ones.
import { UsageError } from '../errors.js';

/** `[features]` keys weft acts on. */
export const KNOWN_FEATURES: readonly string[] = ['personality'];

export interface GlobalOptions {
  /** The subcommand and its own arguments, with global `-c` overrides moved behind it. */
  readonly argv: string[];
  readonly version: boolean;
  readonly warnings: string[];
}

export function splitGlobalOptions(argv: readonly string[]): GlobalOptions {
  const overrides: string[] = [];
  const warnings: string[] = [];
  let version = false;
  let i = 0;
  const value = (flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('-')) throw new UsageError(`${flag} needs a value`);
    i += 2;
    return v;
  };
  while (i < argv.length) {
    const arg = argv[i] as string;
    if (arg === '--version' || arg === '-V') {
      version = true;
      i++;
    } else if (arg === '--enable' || arg === '--disable') {
      const feature = value(arg);
      if (!KNOWN_FEATURES.includes(feature)) warnings.push(`feature \`${feature}\` is not one weft knows (${KNOWN_FEATURES.join(', ')}); ${arg} ${feature} has no effect`);
      overrides.push(`features.${feature}=${arg === '--enable'}`);
    } else if (arg === '-c' || arg === '--config') {
      overrides.push(value(arg));
    } else if (arg.startsWith('--config=')) {
      overrides.push(arg.slice('--config='.length));
      i++;
    } else {
      break;
    }
  }
  const [command, ...rest] = argv.slice(i);
  const moved = overrides.flatMap((o) => ['-c', o]);
  return { argv: command === undefined ? [] : [command, ...moved, ...rest], version, warnings };
}
