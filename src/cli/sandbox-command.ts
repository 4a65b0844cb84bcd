// `weft sandbox [options] -- CMD [ARGS…]`: run one command under the sandbox policy the configuration
// (and -s, -c, --cd) gives a thread here, with the terminal attached, and exit with its code. For
// trying what the model's commands can and cannot do.
import { spawn } from 'node:child_process';
import { sandboxModeFor, sandboxPolicyFor } from '../config/resolve-settings.js';
import { loadRuntime } from '../engine/runtime.js';
import { UsageError } from '../errors.js';
import { sandboxedArgv } from '../tools/sandbox/sandbox-command.js';
import { commonOptions, parseCommand, runtimeOptions, settingsOverrides, type CliIo, workingDirectory } from './cli-options.js';

const HELP = `Usage: weft sandbox [options] -- COMMAND [ARGS…]

Run COMMAND inside the sandbox a thread would use here (sandbox_mode from config.toml, -s or -c),
with stdin, stdout and stderr attached, and exit with its exit code. On Linux the sandbox is the
profile's (compat, --compat): Landlock and seccomp through weft's helper for codex-0.98, bubblewrap
for codex-0.169; where it cannot run, the command is refused (exit 1) with the reason.

Options:
${commonOptions.help}
  -h, --help               show this help`;

export async function sandboxCommand(argv: string[], io: CliIo): Promise<number> {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  const parsed = parseCommand(own, {}, HELP, io, { allowPositionals: false });
  if (parsed === undefined) return 0;
  if (command.length === 0) throw new UsageError(`a command to run is needed after \`--\`\n\n${HELP}`);
  const rt = await loadRuntime(runtimeOptions(parsed.values, io.env));
  for (const w of rt.warnings) io.stderr(`warning: ${w}`);
  const cwd = await workingDirectory(parsed.values, io);
  const overrides = settingsOverrides(parsed.values, cwd);
  const policy = sandboxPolicyFor(sandboxModeFor(rt.config, overrides), rt.config);
  const wrapped = await sandboxedArgv({ policy, policyCwd: cwd, mechanism: rt.profile.commandSandbox }, command, rt.env);
  const [file, ...args] = wrapped.argv as [string, ...string[]];
  const child = spawn(file, args, { cwd, env: rt.env, stdio: 'inherit' });
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', (err) => reject(new UsageError(`cannot run ${command[0] ?? ''}: ${err.message}`)));
    child.on('exit', (code, signal) => resolve(code ?? (signal !== null ? 128 : 1)));
  });
  // Once the command has gone, the read-only guards its sandbox put in the roots go too.
  return exited.finally(() => wrapped.release());
}
