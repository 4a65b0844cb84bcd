// Commands weft asks about even where the policy would run them without asking (`on-request` with
// no sandbox to contain them): those that destroy work. The list is Codex's (the facts: `git reset`
// and `git rm`; `git branch` deleting, `git push` forcing or deleting, `git clean` forcing; `rm -f`
// and `rm -rf`; any of them behind `sudo`), checked on each plain command of the script. A script
// weft cannot split into plain commands is not judged dangerous, as in Codex.
import { splitPlainCommands } from './shell-words.js';

const GIT_GLOBAL_WITH_VALUE = new Set(['-C', '-c', '--config-env', '--exec-path', '--git-dir', '--namespace', '--super-prefix', '--work-tree']);
const GIT_GLOBAL_INLINE = ['--config-env=', '--exec-path=', '--git-dir=', '--namespace=', '--super-prefix=', '--work-tree='];

/** The git subcommand and the arguments after it, past git's global options. */
function gitSubcommand(args: readonly string[]): { name: string; rest: readonly string[] } | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (GIT_GLOBAL_INLINE.some((p) => arg.startsWith(p)) || ((arg.startsWith('-C') || arg.startsWith('-c')) && arg.length > 2)) continue;
    if (GIT_GLOBAL_WITH_VALUE.has(arg)) {
      i++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    return { name: arg, rest: args.slice(i + 1) };
  }
  return undefined;
}

/** `-dv`, `-vD`…: a group of short flags holding `flag`. */
function shortGroupHas(arg: string, flag: string): boolean {
  return arg.startsWith('-') && !arg.startsWith('--') && arg.slice(1).includes(flag);
}

function gitIsDangerous(args: readonly string[]): boolean {
  const sub = gitSubcommand(args);
  if (sub === undefined) return false;
  const { name, rest } = sub;
  switch (name) {
    case 'reset':
    case 'rm':
      return true;
    case 'branch':
      return rest.some((a) => a === '--delete' || a.startsWith('--delete=') || shortGroupHas(a, 'd') || shortGroupHas(a, 'D'));
    case 'push':
      return rest.some(
        (a) =>
          ['--force', '--force-with-lease', '--force-if-includes', '--delete'].some((f) => a === f || a.startsWith(`${f}=`)) ||
          shortGroupHas(a, 'f') ||
          shortGroupHas(a, 'd') ||
          ((a.startsWith('+') || a.startsWith(':')) && a.length > 1),
      );
    case 'clean':
      return rest.some((a) => a === '--force' || a.startsWith('--force=') || shortGroupHas(a, 'f'));
    default:
      return false;
  }
}

/** True when one plain command (argv) destroys work. */
export function isDangerousCommand(argv: readonly string[]): boolean {
  const cmd0 = argv[0];
  if (cmd0 === undefined) return false;
  if (cmd0.endsWith('git')) return gitIsDangerous(argv.slice(1));
  if (cmd0 === 'rm') return argv[1] === '-f' || argv[1] === '-rf';
  if (cmd0 === 'sudo') return isDangerousCommand(argv.slice(1));
  return false;
}

/** True when any plain command of a shell script destroys work. */
export function mightBeDangerous(script: string): boolean {
  return (splitPlainCommands(script) ?? []).some(isDangerousCommand);
}
