// `weft completion bash|zsh|fish`: a completion script for the shell, written from the command
// table below, so a command or flag added there is completed without touching the scripts.
// Install: `weft completion bash > ~/.local/share/bash-completion/completions/weft`,
// `weft completion zsh > "${fpath[1]}/_weft"`, `weft completion fish > ~/.config/fish/completions/weft.fish`.
import { UsageError } from '../errors.js';
import { commonOptions, parseCommand, type CliIo } from './cli-options.js';
import { EXEC_EXTRA_OPTIONS } from './exec-flags.js';

/** Commands, their subcommands and their own flags (the common ones are added to every command). */
const TABLE: Record<string, { subs: string[]; flags: string[] }> = {
  prompt: { subs: [], flags: ['--json', '--wire', '--strategy', '--stage', '--budget', '--source'] },
  thread: {
    subs: ['start', 'resume', 'fork', 'list', 'show', 'compact', 'export', 'import', 'migrate'],
    flags: ['--json', '--last', '--all', '--at', '--cwd', '--search', '--limit', '--cursor', '--extension', '--html', '--jsonl', '--output', '--to'],
  },
  exec: {
    subs: ['resume', 'fork'],
    flags: [
      '--json',
      '--experimental-json',
      '--skip-git-repo-check',
      '--add-dir',
      '--output-schema',
      '--image',
      '--output-last-message',
      '--last',
      '--all',
      ...Object.keys(EXEC_EXTRA_OPTIONS).map((name) => `--${name}`),
    ],
  },
  'app-server': { subs: ['generate-json-schema', 'generate-ts'], flags: ['--out', '--experimental', '--max-line-bytes', '--listen', '--ws-token', '--ws-token-file', '--ws-token-sha256', '--ws-auth', '--ws-allow-origin', '--ws-allow-host'] },
  view: { subs: [], flags: ['--host', '--port'] },
  mcp: { subs: ['login', 'logout'], flags: ['--scopes', '--timeout'] },
  login: { subs: ['status'], flags: ['--device-auth', '--with-api-key', '--experimental_issuer'] },
  logout: { subs: [], flags: [] },
  completion: { subs: ['bash', 'zsh', 'fish'], flags: [] },
  help: { subs: ['prompt', 'thread', 'exec', 'app-server', 'view', 'mcp', 'login', 'logout', 'completion'], flags: [] },
};

const COMMON_FLAGS = Object.keys(commonOptions.options).map((name) => `--${name}`);
const SHELLS = ['bash', 'zsh', 'fish'] as const;

const HELP = `Usage: weft completion <shell>

Print a completion script for ${SHELLS.join(', ')} on stdout.

  bash: weft completion bash > ~/.local/share/bash-completion/completions/weft
  zsh:  weft completion zsh > "\${fpath[1]}/_weft"
  fish: weft completion fish > ~/.config/fish/completions/weft.fish`;

export async function completionCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, {}, HELP, io);
  if (parsed === undefined) return 0;
  const [shell, ...rest] = parsed.positionals;
  if (shell === undefined) throw new UsageError(`name the shell: ${SHELLS.join(', ')}`);
  if (rest.length > 0) throw new UsageError(`unexpected argument \`${rest[0]}\``);
  if (shell === 'bash') io.stdout(bashScript());
  else if (shell === 'zsh') io.stdout(zshScript());
  else if (shell === 'fish') io.stdout(fishScript());
  else throw new UsageError(`no completion for the shell \`${shell}\`: ${SHELLS.join(', ')}`);
  return 0;
}

const flagsOf = (command: string): string => [...(TABLE[command]?.flags ?? []), ...(command === 'completion' || command === 'help' ? [] : COMMON_FLAGS), '--help'].join(' ');

function bashScript(): string {
  const cases = Object.entries(TABLE)
    .map(([name, { subs }]) => `    ${name}) words_for="${[...subs, ...flagsOf(name).split(' ')].join(' ')}" ;;`)
    .join('\n');
  return `# bash completion for weft
_weft() {
  local cur=\${COMP_WORDS[COMP_CWORD]}
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${Object.keys(TABLE).join(' ')} --help --version" -- "$cur"))
    return
  fi
  local words_for=""
  case "\${COMP_WORDS[1]}" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$words_for" -- "$cur"))
}
complete -o default -F _weft weft`;
}

function zshScript(): string {
  const cases = Object.entries(TABLE)
    .map(([name, { subs }]) => `    ${name}) compadd -- ${[...subs, ...flagsOf(name).split(' ')].join(' ')} ;;`)
    .join('\n');
  return `#compdef weft
# zsh completion for weft
_weft() {
  if (( CURRENT == 2 )); then
    compadd -- ${Object.keys(TABLE).join(' ')} --help --version
    return
  fi
  case "\${words[2]}" in
${cases}
  esac
  _files
}
compdef _weft weft`;
}

function fishScript(): string {
  const lines = ['# fish completion for weft', 'complete -c weft -f'];
  for (const name of Object.keys(TABLE)) lines.push(`complete -c weft -n '__fish_use_subcommand' -a ${name}`);
  lines.push("complete -c weft -n '__fish_use_subcommand' -l version -l help");
  for (const [name, { subs }] of Object.entries(TABLE)) {
    if (subs.length > 0) lines.push(`complete -c weft -n '__fish_seen_subcommand_from ${name}' -a '${subs.join(' ')}'`);
    for (const flag of flagsOf(name).split(' ')) lines.push(`complete -c weft -n '__fish_seen_subcommand_from ${name}' -l ${flag.slice(2)}`);
  }
  return lines.join('\n');
}
