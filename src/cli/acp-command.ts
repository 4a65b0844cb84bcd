// `weft acp`: an Agent Client Protocol agent on stdin/stdout, for editors (Zed, JetBrains, Neovim,
// Emacs) that run an agent directly. Sessions are weft threads, run by the same engine as
// `weft app-server` (src/acp/). Threads start with the workspace-write sandbox and ask the editor
// before anything outside it, unless -s/-a (or config.toml's keys, through -c) say otherwise.
import { serveAcpStdio } from '../acp/stdio.js';
import { overrideLines } from '../config/config-overrides.js';
import { UsageError } from '../errors.js';
import { commonOptions, parseCommand, runtimeOptions, settingsOverrides, type CliIo, workingDirectory } from './cli-options.js';
import { packageVersion } from './version.js';

const HELP = `Usage: weft acp [options]

Serve the Agent Client Protocol on stdin/stdout (JSON-RPC, one message per line), as an editor
runs an agent. Each session is a weft thread: prompts are turns, the model's commands and edits are
tool calls, and what needs approval is asked of the editor. Sessions are listed and loaded from the
stored threads (CODEX_HOME).

Options:
${commonOptions.help}
  -h, --help               show this help`;

export async function acpCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, {}, () => HELP, io);
  if (parsed === undefined) return 0;
  const { values, positionals } = parsed;
  if (positionals.length > 0) throw new UsageError(`unexpected argument \`${positionals[0]}\``);
  const cwd = await workingDirectory(values, io);
  const { env, ...runtime } = runtimeOptions(values, io.env);
  const flags = settingsOverrides(values, cwd);
  // An editor's default: work in the workspace, ask before leaving it.
  const defaults = [`sandbox_mode=${JSON.stringify(flags.sandboxMode ?? 'workspace-write')}`, `approval_policy=${JSON.stringify(flags.approvalPolicy ?? 'on-request')}`, ...(flags.model ? [`model=${JSON.stringify(flags.model)}`] : [])];
  const server = {
    env,
    cwd,
    runtime: { ...runtime, configOverrides: [...defaults, ...overrideLines(runtime.configOverrides)] },
    log: (message: string) => io.stderr(`weft acp: ${message}`),
  };
  await serveAcpStdio(process.stdin, process.stdout, { server, version: packageVersion() });
  return 0;
}
