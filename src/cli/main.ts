// weft's command line: dispatch to a command; every error is printed as one clear line on stderr
// with a non-zero exit code.
import { createRequire } from 'node:module';
import { WeftError, errorMessage } from '../errors.js';
import type { CliIo } from './cli-options.js';
import { COMMAND_NAMES, route, type CommandName } from './route.js';
import { descriptorWriter } from './descriptor-writer.js';
import { readStdinText } from './stdin-text.js';

const HELP = `weft — a thread engine that builds model requests the way Codex does

Usage: weft <command> [options]
       weft [--enable FEATURE] [--disable FEATURE] [-c key=value] <command> [options]
       weft --version

Commands:
  prompt ["<text>"]        print the first-turn request body for this directory (no network)
  thread <sub>             start | resume | fork | list | show | compact | export | import | migrate threads
  exec ["<prompt>"]        run one turn non-interactively (Codex's \`exec\`; \`exec resume\` continues a thread)
  app-server               serve Codex's app-server protocol (JSON-RPC lines) on stdin/stdout
  acp                      serve the Agent Client Protocol (for editors) on stdin/stdout
  sandbox -- CMD [ARGS…]   run a command inside the sandbox a thread would get here
  mcp login|logout <name>  sign in to an MCP server with OAuth, or forget its tokens
  login [status]           sign the home in with ChatGPT or an API key (as Codex does), or show how it is
  logout                   sign the home out (revoke, then remove auth.json)
  view                     a local web page of the threads and every request they made
  completion <shell>       print a completion script for bash, zsh or fish
  help [<command> [<sub>]] show the help of weft or of one command

Options before the command (Codex's global options):
  --enable FEATURE         turn a [features] flag on (unknown ones are reported and ignored)
  --disable FEATURE        turn a [features] flag off
  -c, --config key=value   override a config.toml key for the command
  -V, --version            print weft's version and the Codex version of each profile
  -h, --help               show this help

Run \`weft help <command>\` (or \`weft <command> --help\`) for a command's options.`;

type Command = (argv: string[], io: CliIo) => Promise<number>;

// Each command is imported when it runs, so a process loads only what its command uses: start-up
// time is mostly module loading, and `weft --help` or `weft app-server` need not load the others.
// The bin goes further: it runs a bundle holding one command (scripts/build.ts), chosen by route().
const COMMANDS: Record<CommandName, () => Promise<Command>> = {
  prompt: async () => (await import('./prompt-command.js')).promptCommand,
  exec: async () => (await import('./exec-command.js')).execCommand,
  thread: async () => (await import('./thread-command.js')).threadCommand,
  'app-server': async () => (await import('./app-server-command.js')).appServerCommand,
  acp: async () => (await import('./acp-command.js')).acpCommand,
  sandbox: async () => (await import('./sandbox-command.js')).sandboxCommand,
  mcp: async () => (await import('./mcp-command.js')).mcpCommand,
  login: async () => (await import('./login-command.js')).loginCommand,
  logout: async () => (await import('./login-command.js')).logoutCommand,
  view: async () => (await import('./view-command.js')).viewCommand,
  completion: async () => (await import('./completion-command.js')).completionCommand,
};

/**
 * Commands that serve for a long time. Every other one parses each schema a few times and exits:
 * zod's compiled object parsers (built with `new Function` at a schema's first parse, and never in
 * V8's code cache) cost such a process more than they save, so their schemas are built without.
 * Validation is the same either way.
 */
const SERVING = new Set<CommandName>(['app-server', 'acp', 'view']);

export async function main(argvIn: string[], io: CliIo): Promise<number> {
  const r = route(argvIn);
  if (r.kind === 'bad-global-option') {
    io.stderr(`weft: ${r.message}`);
    return 2;
  }
  for (const w of r.warnings) io.stderr(`weft: warning: ${w}`);
  switch (r.kind) {
    case 'version':
      io.stdout((await import('./version.js')).versionLine());
      return 0;
    case 'no-command':
      // Nothing asked: the help is a hint, not the output.
      io.stderr(HELP);
      return 2;
    case 'help':
      io.stdout(HELP);
      return 0;
    case 'unknown':
      io.stderr(`weft: unknown command \`${r.name}\`${nearest(r.name)}`);
      io.stderr(`hint: run \`weft --help\` for the commands`);
      return 2;
  }
  const { name, args } = r;
  // Before the command's modules load: a schema reads the setting when it is built.
  if (!SERVING.has(name)) (await import('zod')).z.config({ jitless: true });
  try {
    const command = await COMMANDS[name]();
    return await command(args, io);
  } catch (err) {
    io.stderr(`weft ${name}: ${errorMessage(err)}`);
    if (err instanceof WeftError && err.code === 'usage') {
      io.stderr(`hint: run \`weft ${name} --help\` for its usage`);
      return 2;
    }
    return 1;
  }
}

/** " (did you mean `x`?)" for a command at most two edits away. */
function nearest(name: string): string {
  const close = [...COMMAND_NAMES, 'help'].find((c) => editDistance(c, name) <= 2);
  return close ? ` (did you mean \`${close}\`?)` : '';
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

export function processIo(): CliIo {
  const out = descriptorWriter(1, () => process.stdout);
  const err = descriptorWriter(2, () => process.stderr);
  return {
    env: process.env,
    cwd: process.cwd(),
    stdout: (line) => out(`${line}\n`),
    write: out,
    stderr: (line) => err(`${line}\n`),
    // Asked of the descriptor, when a command asks: `process.stdin` would set up a stream that only a
    // command reading it needs, and node:tty loads node:net and node:stream (a listing needs neither).
    get isTty() {
      const { isatty } = createRequire(import.meta.url)('node:tty') as typeof import('node:tty');
      return isatty(0);
    },
    readStdin: readStdinText,
  };
}
