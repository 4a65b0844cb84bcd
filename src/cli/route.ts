// Where a command line goes: the command main runs for it, or the answer main gives itself
// (`--version`, the help, a usage error). The bin asks the same question first, to load only the
// bundle that command lives in (scripts/build.ts builds one per command), so both must agree:
// main.ts routes through this module too.
import { errorMessage } from '../errors.js';
import { splitGlobalOptions } from './global-options.js';

/** weft's commands, in the order its help lists them. */
export const COMMAND_NAMES = [
  'prompt',
  'exec',
  'review',
  'thread',
  'app-server',
  'acp',
  'sandbox',
  'mcp',
  'login',
  'logout',
  'archive',
  'unarchive',
  'delete',
  'apply',
  'features',
  'view',
  'completion',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** Codex's short names of its commands. */
const ALIASES: Readonly<Record<string, CommandName>> = { e: 'exec', a: 'apply' };

export type Route =
  | { readonly kind: 'bad-global-option'; readonly message: string }
  | { readonly kind: 'version' | 'help' | 'no-command'; readonly warnings: string[] }
  | { readonly kind: 'unknown'; readonly name: string; readonly warnings: string[] }
  | { readonly kind: 'command'; readonly name: CommandName; readonly args: string[]; readonly warnings: string[] };

export function route(argv: readonly string[]): Route {
  let global;
  try {
    global = splitGlobalOptions(argv);
  } catch (err) {
    return { kind: 'bad-global-option', message: errorMessage(err) };
  }
  const { warnings } = global;
  if (global.version) return { kind: 'version', warnings };
  const [first, ...rest] = global.argv;
  if (first === undefined) return { kind: 'no-command', warnings };
  if (first === '--help' || first === '-h') return { kind: 'help', warnings };
  // `weft help thread start` is `weft thread start --help`.
  const [name, args] = first === 'help' ? [rest[0], [...rest.slice(1), '--help']] : [first, rest];
  if (name === undefined) return { kind: 'help', warnings };
  const command = ALIASES[name] ?? name;
  if (!(COMMAND_NAMES as readonly string[]).includes(command)) return { kind: 'unknown', name, warnings };
  return { kind: 'command', name: command as CommandName, args, warnings };
}

/**
 * The bundle that runs a command line (`dist/bundle/<name>.cjs`): its command's, `main` for what main
 * answers itself. A listing of threads has one of its own, without the engine that the other thread
 * subcommands (and a listing that loads an extension) run.
 */
export function bundleOf(r: Route): string {
  if (r.kind !== 'command') return 'main';
  if (r.name === 'thread' && r.args[0] === 'list' && !r.args.some((a) => a.startsWith('--extension'))) return 'thread-list';
  return r.name;
}
