// A patch handed to `exec_command` instead of the apply_patch tool is applied as a patch, as Codex
// does: the script must be nothing but `apply_patch <<'EOF' … EOF` (also `applypatch`, any heredoc
// delimiter, quoted or not), optionally preceded by `cd <dir> &&`, or `apply_patch '<patch>'` with
// the patch as its single argument. Anything else runs as the command it is.
import path from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../../../protocol/lazy-schema.js';
import type { ToolHandler } from '../tool-registry.js';
import { splitPlainCommands } from '../shell-words.js';
import { runCallPatch } from './apply-patch-tool.js';

const PATCH_COMMANDS = new Set(['apply_patch', 'applypatch']);

const CD_WORD = String.raw`(?:'[^']*'|"[^"$\x60\\]*"|[^\s'"&;|<>$\x60\\]+)`;
const HEREDOC = new RegExp(
  String.raw`^\s*(?:cd\s+(${CD_WORD})\s*&&\s*)?(apply_patch|applypatch)\s*<<\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\3[ \t]*\n([\s\S]*?)\n?[ \t]*\4[ \t]*\n?\s*$`,
);

function unquote(word: string): string {
  return (word.startsWith("'") && word.endsWith("'")) || (word.startsWith('"') && word.endsWith('"')) ? word.slice(1, -1) : word;
}

/** The patch a shell script applies and the directory it changes to first, or undefined. */
export function shellPatchOf(script: string): { patch: string; cd: string | undefined } | undefined {
  const heredoc = HEREDOC.exec(script);
  if (heredoc) return { patch: heredoc[5] as string, cd: heredoc[1] !== undefined ? unquote(heredoc[1]) : undefined };
  const commands = splitPlainCommands(script);
  const only = commands?.length === 1 ? commands[0] : undefined;
  if (only?.length === 2 && PATCH_COMMANDS.has(only[0] as string)) return { patch: only[1] as string, cd: undefined };
  return undefined;
}

const ExecArgs = lazySchema(() => z.looseObject({ cmd: z.string(), workdir: z.string().nullish() }));

/** `inner` (the exec_command handler), except that an apply_patch script is applied as a patch. */
export function interceptShellPatch(inner: ToolHandler): ToolHandler {
  return async (call, ctx) => {
    if (ctx.patch === undefined) return inner(call, ctx);
    let args: z.infer<typeof ExecArgs> | undefined;
    try {
      const parsed = ExecArgs.safeParse(JSON.parse(call.arguments));
      args = parsed.success ? parsed.data : undefined;
    } catch {
      args = undefined;
    }
    const found = args ? shellPatchOf(args.cmd) : undefined;
    if (!args || !found) return inner(call, ctx);
    // The patch's paths are read from the directory it changes to; what it may write is the thread's
    // roots' business alone (a `cd /` does not make `/` a writable root).
    const cwd = path.resolve(ctx.cwd, args.workdir ?? '', found.cd ?? '');
    return runCallPatch(ctx, ctx.patch, call.callId, found.patch, cwd);
  };
}
