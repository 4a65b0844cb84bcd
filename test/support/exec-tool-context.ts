// A ToolContext for running exec_command / write_stdin directly, with weft's own texts (or a pack's)
// and the frame rendered from the pack file, so tests read the text the model would.
import type { Pack } from '../../src/pack/load-pack.js';
import { CODEX_098_TOOL_OUTPUTS, type ToolOutputStyle } from '../../src/tools/tool-output-style.js';
import type { ToolCall, ToolContext } from '../../src/tools/tool-registry.js';
import type { ToolTexts } from '../../src/tools/tool-texts.js';
import { ExecSessionManager } from '../../src/tools/unified-exec/session-manager.js';
import { weftToolTexts } from './tool-texts.js';
import { bubblewrapSandbox } from '../../src/tools/sandbox/bubblewrap-sandbox.js';

export interface ExecContextOptions {
  cwd: string;
  pack?: Pack;
  texts?: ToolTexts;
  style?: ToolOutputStyle;
  sessions?: ExecSessionManager;
}

export function execToolContext(opts: ExecContextOptions): ToolContext {
  const pack = opts.pack;
  return {
    cwd: opts.cwd,
    env: { PATH: process.env['PATH'], HOME: opts.cwd, SHELL: '/bin/bash' },
    approvalPolicy: 'never',
    sandboxMode: 'danger-full-access',
    sandboxPolicy: { type: 'danger-full-access' },
    sandboxMechanism: bubblewrapSandbox,
    truncationPolicy: { mode: 'tokens', limit: 10000 },
    texts: opts.texts ?? weftToolTexts,
    style: opts.style ?? CODEX_098_TOOL_OUTPUTS,
    sessions: opts.sessions ?? new ExecSessionManager(),
    renderExecOutput: (v) =>
      pack
        ? pack.render('tool_output/exec_command.md', { ...v })
        : `Chunk ${v.chunk_id}\nexit ${v.exit_code}\ntokens ${v.original_token_count}\n${v.output}`,
  };
}

export function toolCall(name: string, args: Record<string, unknown>, callId = 'call_1'): ToolCall {
  return { name, arguments: JSON.stringify(args), callId, signal: new AbortController().signal };
}

/** The session id a running frame names (the pack's or weft's wording both end the id with a space or newline). */
export function sessionIdIn(output: unknown): number {
  const m = /session (?:ID )?(\d+)/.exec(String(output));
  if (!m) throw new Error(`no session id in: ${String(output)}`);
  return Number(m[1]);
}

/** True once /proc no longer lists `pid`, or lists it as a zombie awaiting its reaper. */
export async function isDead(pid: number): Promise<boolean> {
  const { readFile } = await import('node:fs/promises');
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return true;
  }
}
