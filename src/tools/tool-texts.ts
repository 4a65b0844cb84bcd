// What the model reads when a tool call goes wrong (unknown tool, bad arguments, a refused or
// stopped command) and the tool outcomes beyond exec_command's own frame (a running session, a
// truncated output, a plan, an image, an unsupported call). Like every model-visible text these come
// from the pack; a pack without one (Codex's packs record no error texts) borrows weft's own.
import type { ApprovalPolicy } from '../../protocol/config.js';
import type { Pack } from '../pack/load-pack.js';
import type { PackFileSpec } from '../pack/pack-layout.js';
import { GOAL_TEXT_FILES, goalTextsFrom, type GoalTexts } from './goals/goal-texts.js';
import { AGENT_TEXT_FILES, agentTextsFrom, type AgentTexts } from './agents/agent-texts.js';
import { USER_INPUT_TEXT_FILES, userInputTextsFrom, type UserInputTexts } from './user-input/user-input-texts.js';

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
  /** write_stdin to a session that has ended (and was reported) or never existed. */
  unknownSession(sessionId: number): string;
  /** write_stdin with input to a session started without a TTY. */
  stdinClosed(sessionId: number): string;
  imageNotFound(path: string, detail: string): string;
  imageUnsupported(path: string): string;
  // ---- Tool outcomes (each Codex pack carries those its generation shows) ----
  execRunning(vars: ExecRunningVars): string;
  truncatedOutput(vars: TruncatedOutputVars): string;
  truncationWarning(originalTokenCount: number): string;
  planUpdated(): string;
  imageAttached(): string;
  unsupportedCall(name: string): string;
  // ---- Code mode (`exec`/`wait`; no Codex pack records these, weft's own pack words them) ----
  codeMode: CodeModeTexts;
  // ---- Goals (no Codex pack records these either) ----
  goals: GoalTexts;
  userInput: UserInputTexts;
  agents: AgentTexts;
}

/** What code mode's `exec` and `wait` answer with, around the script's own output. */
export interface CodeModeTexts {
  /** The first content item: the status line, the wall time, then the script's output follows. */
  header(status: string, wallTimeSeconds: string): string;
  completed(): string;
  failed(): string;
  terminated(): string;
  running(cellId: string): string;
  scriptError(error: string): string;
  badSource(detail: string): string;
  unknownCell(cellId: string): string;
}

/** `tool_output/exec_command_running.md` placeholders, already formatted. */
export interface ExecRunningVars {
  chunk_id: string;
  wall_time_seconds: string;
  session_id: string;
  original_token_count: string;
  output: string;
}

/** `tool_output/truncated_output.md` placeholders. */
export interface TruncatedOutputVars {
  total_lines: string;
  head: string;
  truncated_tokens: string;
  tail: string;
}

const DIR = 'tool_output/errors';

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
  unknownSession: { path: `${DIR}/unknown_session.txt`, placeholders: ['session_id'] },
  stdinClosed: { path: `${DIR}/stdin_closed.txt`, placeholders: ['session_id'] },
  imageNotFound: { path: `${DIR}/image_not_found.txt`, placeholders: ['path', 'detail'] },
  imageUnsupported: { path: `${DIR}/image_unsupported.txt`, placeholders: ['path'] },
} as const satisfies Record<string, PackFileSpec>;

const CODE_DIR = 'tool_output/code_mode';
const CODE_MODE_FILES = {
  header: { path: `${CODE_DIR}/header.md`, placeholders: ['status', 'wall_time_seconds'] },
  completed: { path: `${CODE_DIR}/completed.txt` },
  failed: { path: `${CODE_DIR}/failed.txt` },
  terminated: { path: `${CODE_DIR}/terminated.txt` },
  running: { path: `${CODE_DIR}/running.md`, placeholders: ['cell_id'] },
  scriptError: { path: `${CODE_DIR}/script_error.md`, placeholders: ['error'] },
  badSource: { path: `${CODE_DIR}/bad_source.md`, placeholders: ['detail'] },
  unknownCell: { path: `${CODE_DIR}/unknown_cell.md`, placeholders: ['cell_id'] },
} as const satisfies Record<string, PackFileSpec>;

/**
 * Tool outcome texts, at the paths Codex's packs use. Each profile's layout lists them, required where
 * its generation shows them; a pack without one borrows weft's own (see runtime.ts).
 */
export const TOOL_OUTCOME_FILES = {
  execRunning: {
    path: 'tool_output/exec_command_running.md',
    placeholders: ['chunk_id', 'wall_time_seconds', 'session_id', 'original_token_count', 'output'],
  },
  truncatedOutput: { path: 'tool_output/truncated_output.md', placeholders: ['total_lines', 'head', 'truncated_tokens', 'tail'] },
  truncationWarning: { path: 'tool_output/truncation_warning.md', placeholders: ['original_token_count'] },
  planUpdated: { path: 'tool_output/update_plan.txt' },
  imageAttached: { path: 'tool_output/view_image.txt' },
  unsupportedCall: { path: 'tool_output/unsupported_call.md', placeholders: ['name'] },
} as const satisfies Record<string, PackFileSpec>;

/** The tool-error files, optional in every layout. */
export const TOOL_TEXT_FILES: readonly PackFileSpec[] = [...Object.values(FILES), ...Object.values(CODE_MODE_FILES), ...Object.values(GOAL_TEXT_FILES), ...Object.values(USER_INPUT_TEXT_FILES), ...Object.values(AGENT_TEXT_FILES)].map((spec) => ({
  ...spec,
  optional: true,
}));

/** Every tool text, errors and outcomes, as weft's own pack must hold them. */
export const ALL_TOOL_TEXT_FILES: readonly PackFileSpec[] = [
  ...Object.values(FILES),
  ...Object.values(CODE_MODE_FILES),
  ...Object.values(GOAL_TEXT_FILES),
  ...Object.values(USER_INPUT_TEXT_FILES),
  ...Object.values(AGENT_TEXT_FILES),
  ...Object.values(TOOL_OUTCOME_FILES),
];

/** True when `pack` has every tool text (otherwise a fallback pack supplies the missing ones). */
export function hasToolTexts(pack: Pack): boolean {
  return ALL_TOOL_TEXT_FILES.every((spec) => pack.has(spec.path));
}

export function toolTextsFrom(pack: Pack, fallback?: Pack): ToolTexts {
  const render = (spec: PackFileSpec, vars: Record<string, string>): string => {
    const source = pack.has(spec.path) || !fallback ? pack : fallback;
    return source.render(spec.path, vars);
  };
  return {
    unknownTool: (name) => render(FILES.unknownTool, { name }),
    invalidArguments: (name, detail) => render(FILES.invalidArguments, { name, detail }),
    toolFailed: (name, detail) => render(FILES.toolFailed, { name, detail }),
    commandDenied: (command) => render(FILES.commandDenied, { command }),
    commandNeedsApproval: (command, approvalPolicy) => render(FILES.commandNeedsApproval, { command, approval_policy: approvalPolicy }),
    commandTimedOut: (timeoutMs, exitCode) => render(FILES.commandTimedOut, { timeout_ms: String(timeoutMs), exit_code: String(exitCode) }),
    commandInterrupted: () => render(FILES.commandInterrupted, {}),
    missingWorkdir: (cwd) => render(FILES.missingWorkdir, { cwd }),
    unsupportedShell: (shell, supported) => render(FILES.unsupportedShell, { shell, supported }),
    sandboxUnavailable: (reason, hint) => render(FILES.sandboxUnavailable, { reason, hint }),
    unknownSession: (id) => render(FILES.unknownSession, { session_id: String(id) }),
    stdinClosed: (id) => render(FILES.stdinClosed, { session_id: String(id) }),
    imageNotFound: (path, detail) => render(FILES.imageNotFound, { path, detail }),
    imageUnsupported: (path) => render(FILES.imageUnsupported, { path }),
    execRunning: (vars) => render(TOOL_OUTCOME_FILES.execRunning, { ...vars }),
    truncatedOutput: (vars) => render(TOOL_OUTCOME_FILES.truncatedOutput, { ...vars }),
    truncationWarning: (count) => render(TOOL_OUTCOME_FILES.truncationWarning, { original_token_count: String(count) }),
    planUpdated: () => render(TOOL_OUTCOME_FILES.planUpdated, {}),
    imageAttached: () => render(TOOL_OUTCOME_FILES.imageAttached, {}),
    unsupportedCall: (name) => render(TOOL_OUTCOME_FILES.unsupportedCall, { name }),
    codeMode: {
      header: (status, wallTimeSeconds) => render(CODE_MODE_FILES.header, { status, wall_time_seconds: wallTimeSeconds }),
      completed: () => render(CODE_MODE_FILES.completed, {}),
      failed: () => render(CODE_MODE_FILES.failed, {}),
      terminated: () => render(CODE_MODE_FILES.terminated, {}),
      running: (cellId) => render(CODE_MODE_FILES.running, { cell_id: cellId }),
      scriptError: (error) => render(CODE_MODE_FILES.scriptError, { error }),
      badSource: (detail) => render(CODE_MODE_FILES.badSource, { detail }),
      unknownCell: (cellId) => render(CODE_MODE_FILES.unknownCell, { cell_id: cellId }),
    },
    goals: goalTextsFrom(render),
    userInput: userInputTextsFrom(render),
    agents: agentTextsFrom(render),
  };
}
