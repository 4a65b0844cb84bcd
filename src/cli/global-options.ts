// Options Codex takes before any subcommand, which clients pass to weft the same way:
// - `--enable FEATURE` / `--disable FEATURE` (the `[features]` table of config.toml) and `-c key=value`:
//   global in Codex's parser, so taken before or after the subcommand (`codex app-server --enable x
//   -c k=v`); weft hands them to the command as `-c` overrides;
// - the session options of Codex's root (`-m`, `-p`, `-s`, `-a`, `-C`, `--add-dir`, `-i`, `--oss`,
//   `--local-provider`, `--search`, the sandbox shortcuts): before a command that runs a turn they
//   apply to it, as in Codex; `--search` is live web search (`web_search = "live"`);
// - `--version`.
// A feature weft does not know is reported on stderr and otherwise ignored, as a client may pass
// Codex-only ones.
import { UsageError } from '../errors.js';

/** `[features]` keys weft acts on. */
export const KNOWN_FEATURES: readonly string[] = ['personality'];

/** Commands that run a turn and so take the root's session options. */
const TURN_COMMANDS = new Set(['exec', 'e', 'review']);

/** Root options with a value, by every spelling, under the long name the commands take. */
const VALUED: Readonly<Record<string, string>> = {
  '-m': '--model',
  '--model': '--model',
  '-p': '--profile',
  '--profile': '--profile',
  '-s': '--sandbox',
  '--sandbox': '--sandbox',
  '-a': '--ask-for-approval',
  '--ask-for-approval': '--ask-for-approval',
  '-C': '--cd',
  '--cd': '--cd',
  '--add-dir': '--add-dir',
  '-i': '--image',
  '--image': '--image',
  '--local-provider': '--local-provider',
};
const FLAGS = new Set(['--oss', '--dangerously-bypass-approvals-and-sandbox', '--yolo', '--full-auto']);

export interface GlobalOptions {
  /** The subcommand and its own arguments, with the root's options moved behind it. */
  readonly argv: string[];
  readonly version: boolean;
  readonly warnings: string[];
}

export function splitGlobalOptions(argv: readonly string[]): GlobalOptions {
  const overrides: string[] = [];
  const session: string[] = [];
  const warnings: string[] = [];
  let version = false;
  let i = 0;
  const value = (flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined || (v.startsWith('-') && v !== '-')) throw new UsageError(`${flag} needs a value`);
    i += 2;
    return v;
  };
  const feature = (flag: string, name: string) => {
    if (!KNOWN_FEATURES.includes(name)) warnings.push(`feature \`${name}\` is not one weft knows (${KNOWN_FEATURES.join(', ')}); ${flag} ${name} has no effect`);
    return `features.${name}=${flag === '--enable'}`;
  };
  while (i < argv.length) {
    const arg = argv[i] as string;
    const [name, inline] = splitInline(arg);
    if (arg === '--version' || arg === '-V') {
      version = true;
      i++;
    } else if (name === '--enable' || name === '--disable') {
      overrides.push(feature(name, inline ?? value(name)));
      if (inline !== undefined) i++;
    } else if (name === '-c' || name === '--config') {
      overrides.push(inline ?? value(name));
      if (inline !== undefined) i++;
    } else if (name === '--search') {
      overrides.push('web_search="live"');
      i++;
    } else if (VALUED[name] !== undefined) {
      session.push(VALUED[name] as string, inline ?? value(name));
      if (inline !== undefined) i++;
    } else if (FLAGS.has(arg)) {
      session.push(arg);
      i++;
    } else {
      break;
    }
  }
  const [command, ...rest] = argv.slice(i);
  if (command === undefined) return { argv: [], version, warnings };
  const after = featuresAfterCommand(rest, feature);
  if (session.length > 0 && !TURN_COMMANDS.has(command)) {
    warnings.push(`${session.filter((s) => s.startsWith('-')).join(' ')} before \`${command}\` has no effect: that command runs no turn`);
  }
  const moved = [...overrides.flatMap((o) => ['-c', o]), ...(TURN_COMMANDS.has(command) ? session : [])];
  return { argv: [command, ...moved, ...after], version, warnings };
}

/** `--name=value` → [`--name`, `value`]; anything else → [arg, undefined]. */
function splitInline(arg: string): [string, string | undefined] {
  if (!arg.startsWith('--')) return [arg, undefined];
  const eq = arg.indexOf('=');
  return eq < 0 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
}

/** `--enable`/`--disable` given after the command (up to a `--`), as `-c features.…` overrides. */
function featuresAfterCommand(rest: readonly string[], feature: (flag: string, name: string) => string): string[] {
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (arg === '--') {
      out.push(...rest.slice(i));
      break;
    }
    const [name, inline] = splitInline(arg);
    if (name !== '--enable' && name !== '--disable') {
      out.push(arg);
      continue;
    }
    const given = inline ?? rest[i + 1];
    if (given === undefined || given.startsWith('-')) throw new UsageError(`${name} needs a value`);
    if (inline === undefined) i++;
    out.push('-c', feature(name, given));
  }
  return out;
}
