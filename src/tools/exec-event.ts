// What a running command reports (begin, end) and the values its result text is rendered from. A
// leaf: the exec sessions and the tool context both name these without importing each other.

/** Values for the pack's `tool_output/exec_command.md` placeholders, already formatted. */
export interface ExecOutputVars {
  chunk_id: string;
  wall_time_seconds: string;
  exit_code: string;
  original_token_count: string;
  output: string;
}

/** Lifecycle of one command, for UIs and event streams (exec --json, app-server items). */
export type ExecEvent =
  | { type: 'begin'; callId: string; command: string; argv: string[]; cwd: string }
  | {
      type: 'end';
      callId: string;
      command: string;
      argv: string[];
      cwd: string;
      aggregatedOutput: string;
      exitCode: number;
      durationMs: number;
      timedOut: boolean;
      /** The exec session's id (Codex's process id). */
      processId: number;
    };
