// Options shared by weft's commands, and parsing with node's own parseArgs (unknown flags and
// missing values become UsageErrors that name the flag).
import path from 'node:path';
import { alignHelp } from './help-columns.js';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ApprovalPolicy, CompatProfileName, SandboxMode } from '../../protocol/config.js';
import type { SettingsOverrides } from '../config/resolve-settings.js';
import type { Env, RuntimeOptions } from '../engine/runtime.js';
import { workingDirectoryProblem } from '../engine/working-directory.js';
import { UsageError } from '../errors.js';

export interface CliIo {
  readonly env: Env;
  readonly cwd: string;
  stdout(line: string): void;
  stderr(line: string): void;
  /** Raw text to stdout, no newline added (streamed answers); absent, output is by whole lines. */
  write?(text: string): void;
  /** Standard input as text, for a prompt given as `-` or piped. */
  readStdin?(): Promise<string>;
  readonly isTty?: boolean;
  /** The name the program was started under (argv[1]'s basename): `codex` answers as Codex does. */
  readonly programName?: string;
}

type Options = NonNullable<ParseArgsConfig['options']>;

const COMMON: Options = {
  config: { type: 'string', short: 'c', multiple: true },
  model: { type: 'string', short: 'm' },
  sandbox: { type: 'string', short: 's' },
  'ask-for-approval': { type: 'string', short: 'a' },
  cd: { type: 'string', short: 'C' },
  pack: { type: 'string' },
  profile: { type: 'string', short: 'p' },
  compat: { type: 'string' },
  home: { type: 'string' },
  'codex-home': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export const commonOptions = {
  options: COMMON,
  help: `  -c, --config key=value   override a config.toml key (repeatable; value parsed as TOML)
  -m, --model MODEL        model slug
  -s, --sandbox MODE       read-only | workspace-write | danger-full-access
  -a, --ask-for-approval P  untrusted | on-failure | on-request | never
  -C, --cd DIR             working directory of the thread (default: current directory)
  --pack DIR               template pack to load (default: config \`pack\`, else weft's templates/)
  -p, --profile NAME       configuration profile: NAME.config.toml laid over config.toml
                           (codex-0.98: [profiles.NAME] of config.toml)
  --compat NAME            behaviour profile: codex-0.171 (default, today's Codex), codex-0.169
                           or codex-0.98
  --home DIR               weft home (default: $WEFT_HOME, $CODEX_HOME, ~/.weft)
  --codex-home DIR         use a Codex home (its config.toml and sessions) as weft's home`,
};

export type ParsedValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/**
 * Parse argv; prints help and returns undefined when --help is given. `help` may depend on the
 * positionals, so that `weft thread start --help` shows only that subcommand's help.
 */
export function parseCommand(
  argv: string[],
  extra: Options,
  help: string | ((positionals: string[]) => string),
  io: CliIo,
  opts: { allowPositionals?: boolean } = {},
): { values: ParsedValues; positionals: string[] } | undefined {
  const options = { ...COMMON, ...extra };
  let parsed: { values: ParsedValues; positionals: string[] };
  try {
    parsed = parseArgs({ args: negativeValuesInline(argv, options), options, allowPositionals: opts.allowPositionals ?? true, strict: true });
  } catch (err) {
    // One line: what is wrong. The caller adds where to find the usage.
    throw new UsageError(oneLineParseError(err));
  }
  if (parsed.values.help) {
    io.stdout(alignHelp(typeof help === 'string' ? help : help(parsed.positionals)));
    return undefined;
  }
  return parsed;
}

/**
 * `--limit -1`: parseArgs refuses a value that starts with a dash as ambiguous. Joined to its flag
 * (`--limit=-1`) it reaches the command's own check, which names the flag and the values it takes.
 */
function negativeValuesInline(argv: string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    const long = arg.startsWith('--') ? options[arg.slice(2)] : undefined;
    if (long?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

function oneLineParseError(err: unknown): string {
  const message = (err as Error).message;
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown option \`${unknown[1]}\``;
  const missing = /^Option '([^']+)' argument missing/.exec(message);
  if (missing) return `${missing[1]} needs a value`;
  return message.split('\n')[0] ?? message;
}

export function stringList(v: ParsedValues[string]): string[] {
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
}

export function stringValue(v: ParsedValues[string]): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function runtimeOptions(values: ParsedValues, env: Env): RuntimeOptions {
  const compat = stringValue(values.compat);
  if (compat !== undefined && !CompatProfileName.safeParse(compat).success) {
    throw new UsageError(`--compat ${compat}: expected one of ${CompatProfileName.options.join(', ')}`);
  }
  return {
    env,
    home: stringValue(values.home) ?? stringValue(values['codex-home']),
    packDir: stringValue(values.pack) ? path.resolve(stringValue(values.pack) as string) : undefined,
    configOverrides: stringList(values.config),
    configProfile: stringValue(values.profile),
    compat: compat as RuntimeOptions['compat'],
  };
}

export function settingsOverrides(values: ParsedValues, cwd: string): SettingsOverrides {
  const sandbox = stringValue(values.sandbox);
  const approval = stringValue(values['ask-for-approval']);
  if (sandbox !== undefined && !SandboxMode.safeParse(sandbox).success) {
    throw new UsageError(`--sandbox ${sandbox}: expected one of ${SandboxMode.options.join(', ')}`);
  }
  if (approval !== undefined && !ApprovalPolicy.safeParse(approval).success) {
    throw new UsageError(`--ask-for-approval ${approval}: expected one of ${ApprovalPolicy.options.join(', ')}`);
  }
  return {
    model: stringValue(values.model),
    cwd,
    sandboxMode: sandbox as SettingsOverrides['sandboxMode'],
    approvalPolicy: approval as SettingsOverrides['approvalPolicy'],
  };
}

/** The working directory `-C/--cd` names (default: the caller's), which must be an existing directory. */
export async function workingDirectory(values: ParsedValues, io: Pick<CliIo, 'cwd'>): Promise<string> {
  const given = stringValue(values.cd);
  const dir = path.resolve(io.cwd, given ?? '.');
  const problem = await workingDirectoryProblem(dir);
  if (problem) throw new UsageError(`--cd ${dir}: ${problem}`);
  return dir;
}
