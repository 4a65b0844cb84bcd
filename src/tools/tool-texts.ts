// What the model reads when a tool call goes wrong (unknown tool, bad arguments, a refused or
// stopped command). Like every model-visible text these come from the pack; a pack without them
// (Codex's packs record none) borrows weft's own.
import type { ApprovalPolicy } from '../../protocol/config.js';
import type { Pack } from '../pack/load-pack.js';
import type { PackFileSpec } from '../pack/pack-layout.js';

export interface ToolTexts {
  unknownTool(name: string): string;
  invalidArguments(name: string, detail: string): string;
  toolFailed(name: string, detail: string): string;
  commandDenied(command: string): string;
  commandNeedsApproval(command: string, approvalPolicy: ApprovalPolicy): string;
  commandTimedOut(timeoutMs: number, exitCode: number): string;
  commandInterrupted(): string;
  missingWorkdir(cwd: string): string;
  unsupportedShell(shell: string, supported: string): string;
  sandboxUnavailable(reason: string, hint: string): string;
}

const DIR = 'tool_output/errors';
const UNSUPPORTED_CALL = 'tool_output/unsupported_call.md';

const FILES = {
  unknownTool: { path: `${DIR}/unknown_tool.txt`, placeholders: ['name'] },
  invalidArguments: { path: `${DIR}/invalid_arguments.txt`, placeholders: ['name', 'detail'] },
  toolFailed: { path: `${DIR}/tool_failed.txt`, placeholders: ['name', 'detail'] },
  commandDenied: { path: `${DIR}/command_denied.txt`, placeholders: ['command'] },
  commandNeedsApproval: { path: `${DIR}/command_needs_approval.txt`, placeholders: ['command', 'approval_policy'] },
  commandTimedOut: { path: `${DIR}/command_timed_out.txt`, placeholders: ['timeout_ms', 'exit_code'] },
  commandInterrupted: { path: `${DIR}/command_interrupted.txt`, placeholders: [] },
  missingWorkdir: { path: `${DIR}/missing_workdir.txt`, placeholders: ['cwd'] },
  unsupportedShell: { path: `${DIR}/unsupported_shell.txt`, placeholders: ['shell', 'supported'] },
  sandboxUnavailable: { path: `${DIR}/sandbox_unavailable.txt`, placeholders: ['reason', 'hint'] },
} as const satisfies Record<keyof ToolTexts, PackFileSpec>;

/** The tool-error files, optional in every layout. */
export const TOOL_TEXT_FILES: readonly PackFileSpec[] = Object.values(FILES).map((spec) => ({ ...spec, optional: true }));

/** True when `pack` has every tool-error text (otherwise a fallback pack supplies the missing ones). */
export function hasToolTexts(pack: Pack): boolean {
  return Object.values(FILES).every((spec) => pack.has(spec.path));
}

export function toolTextsFrom(pack: Pack, fallback?: Pack): ToolTexts {
  const render = (spec: PackFileSpec, vars: Record<string, string>): string => {
    const source = pack.has(spec.path) || !fallback ? pack : fallback;
    return source.render(spec.path, vars);
  };
  return {
    // A generation that answers calls of tools it does not run with a text of its own (0.169) has the file for it.
    unknownTool: (name) => (pack.has(UNSUPPORTED_CALL) ? pack.render(UNSUPPORTED_CALL, { name }) : render(FILES.unknownTool, { name })),
    invalidArguments: (name, detail) => render(FILES.invalidArguments, { name, detail }),
    toolFailed: (name, detail) => render(FILES.toolFailed, { name, detail }),
    commandDenied: (command) => render(FILES.commandDenied, { command }),
    commandNeedsApproval: (command, approvalPolicy) => render(FILES.commandNeedsApproval, { command, approval_policy: approvalPolicy }),
    commandTimedOut: (timeoutMs, exitCode) => render(FILES.commandTimedOut, { timeout_ms: String(timeoutMs), exit_code: String(exitCode) }),
    commandInterrupted: () => render(FILES.commandInterrupted, {}),
    missingWorkdir: (cwd) => render(FILES.missingWorkdir, { cwd }),
    unsupportedShell: (shell, supported) => render(FILES.unsupportedShell, { shell, supported }),
    sandboxUnavailable: (reason, hint) => render(FILES.sandboxUnavailable, { reason, hint }),
  };
}
