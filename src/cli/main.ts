// weft's command line: dispatch to a command; every error is printed as one clear line on stderr
// with a non-zero exit code.
import { WeftError, errorMessage } from '../errors.js';
import type { CliIo } from './cli-options.js';
import { splitGlobalOptions } from './global-options.js';
import { versionLine } from './version.js';

const HELP = `weft — a thread engine that builds model requests the way Codex does

Usage: weft <command> [options]
       weft [--enable FEATURE] [--disable FEATURE] [-c key=value] <command> [options]
       weft --version

Commands:
  prompt ["<text>"]        print the first-turn request body for this directory (no network)
  thread <sub>             start | resume | fork | list | show | compact | export threads
  exec ["<prompt>"]        run one turn non-interactively (Codex's \`exec\`; \`exec resume\` continues a thread)
  app-server               serve Codex's app-server protocol (JSON-RPC lines) on stdin/stdout
  sandbox -- CMD [ARGS…]   run a command inside the sandbox a thread would get here
  view                     a local web page of the threads and every request they made

Options before the command (Codex's global options):
  --enable FEATURE         turn a [features] flag on (unknown ones are reported and ignored)
  --disable FEATURE        turn a [features] flag off
  -c, --config key=value   override a config.toml key for the command
  -V, --version            print weft's version and the Codex version of each profile

Run \`weft <command> --help\` for a command's options.`;

type Command = (argv: string[], io: CliIo) => Promise<number>;

// Each command is imported when it runs, so a process loads only what its command uses: start-up
// time is mostly module loading, and `weft --help` or `weft app-server` need not load the others.
const COMMANDS: Record<string, () => Promise<Command>> = {
  prompt: async () => (await import('./prompt-command.js')).promptCommand,
  exec: async () => (await import('./exec-command.js')).execCommand,
  thread: async () => (await import('./thread-command.js')).threadCommand,
  'app-server': async () => (await import('./app-server-command.js')).appServerCommand,
  sandbox: async () => (await import('./sandbox-command.js')).sandboxCommand,
  view: async () => (await import('./view-command.js')).viewCommand,
};

export async function main(argvIn: string[], io: CliIo): Promise<number> {
  let global;
  try {
    global = splitGlobalOptions(argvIn);
  } catch (err) {
    io.stderr(`weft: ${errorMessage(err)}`);
    return 2;
  }
  for (const w of global.warnings) io.stderr(`weft: warning: ${w}`);
  if (global.version) {
    io.stdout(await versionLine());
    return 0;
  }
  const [name, ...rest] = global.argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(HELP);
    return name === undefined ? 2 : 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    io.stderr(`weft: unknown command \`${name}\`\n\n${HELP}`);
    return 2;
  }
  try {
    const command = await load();
    return await command(rest, io);
  } catch (err) {
    io.stderr(`weft ${name}: ${errorMessage(err)}`);
    return err instanceof WeftError && err.code === 'usage' ? 2 : 1;
  }
}

export function processIo(): CliIo {
  return {
    env: process.env,
    cwd: process.cwd(),
    stdout: writerOf(process.stdout),
    stderr: writerOf(process.stderr),
    isTty: Boolean(process.stdin.isTTY),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}

/**
 * Lines to a standard stream. When the reader goes away (`weft … | head`), the rest is dropped
 * quietly: the command carries on, so the turn it is running is still recorded whole.
 */
function writerOf(stream: NodeJS.WriteStream): (line: string) => void {
  let closed = false;
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    closed = true;
  });
  return (line) => {
    if (!closed) stream.write(`${line}\n`);
  };
}
